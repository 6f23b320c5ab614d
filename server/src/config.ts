import { z } from 'zod'
import type { VoiceConfig } from '../../core/public-config.ts'

const PORT_RULE = 'must be a whole number from 0 to 65535'

const ServerEnv = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, PORT_RULE)
    .transform(Number)
    .refine((port) => port <= 65535, PORT_RULE)
    .default(8787),
  HOST: z.string().trim().min(1, 'must not be blank').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be blank').optional(),
  PRODUCT_NAME: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(60, 'must be at most 60 characters')
    .default('CallPilot'),
  SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().trim().min(20, "must be the project's service-role key").optional(),
  VAPI_PUBLIC_KEY: z.string().trim().min(8, 'must be the Vapi public key').optional(),
  VAPI_ASSISTANT_ID: z.string().trim().min(1).optional(),
  VAPI_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.vapi.ai'),
  VAPI_MODEL_PROVIDER: z.string().trim().min(1).default('openai'),
  VAPI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
})

export type DatabaseConfig =
  /** Embedded PGlite; `dataDir` null means the default `.data/` at the repository root. */
  { kind: 'embedded'; dataDir: string | null } | { kind: 'hosted'; url: string; serviceRoleKey: string }

export interface ServerConfig {
  port: number
  host: string
  productName: string
  database: DatabaseConfig
  /** Browser voice calls; null without a Vapi public key. */
  voice: VoiceConfig | null
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/**
 * Validates the server's environment once, listing every bad variable in one message. A function of
 * `env` because on the edge the environment arrives with each request. Empty values count as unset,
 * so a copied `.env.example` with blanks means "use the default".
 */
export function loadServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = ServerEnv.safeParse(present)
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  // Half a hosted configuration would quietly fall back to the embedded database: refuse it.
  const hasUrl = present.SUPABASE_URL !== undefined
  if (hasUrl !== (present.SUPABASE_SERVICE_ROLE_KEY !== undefined)) {
    const missing = hasUrl ? 'SUPABASE_SERVICE_ROLE_KEY' : 'SUPABASE_URL'
    problems.push(
      `${missing}: is missing; set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY together, or neither`,
    )
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid server environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`)
  }
  const e = parsed.data
  const database: DatabaseConfig =
    e.SUPABASE_URL !== undefined && e.SUPABASE_SERVICE_ROLE_KEY !== undefined
      ? { kind: 'hosted', url: e.SUPABASE_URL, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY }
      : { kind: 'embedded', dataDir: e.DATA_DIR ?? null }
  const voice: VoiceConfig | null = e.VAPI_PUBLIC_KEY
    ? {
        publicKey: e.VAPI_PUBLIC_KEY,
        defaultAssistantId: e.VAPI_ASSISTANT_ID ?? null,
        apiUrl: e.VAPI_API_URL.replace(/\/+$/, ''),
        model: { provider: e.VAPI_MODEL_PROVIDER, model: e.VAPI_MODEL },
      }
    : null
  return { port: e.PORT, host: e.HOST, productName: e.PRODUCT_NAME, database, voice }
}
