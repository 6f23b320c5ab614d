import type { ServerConfig } from './config.ts'

/**
 * What `npm start` prints about the outside services, one line each: on, or what to set to turn it
 * on. A first run has none of their keys, and the demo panel then offers nothing that works; the
 * person who started the server reads here which variables bring the agent to life (in `.env`, then
 * a restart), rather than guessing from a panel that says only that calls are not available.
 */
export function describeServices(
  config: Pick<ServerConfig, 'voice' | 'phoneCall' | 'videoCall' | 'notify' | 'websiteReader' | 'mail'>,
): string[] {
  const line = (name: string, on: boolean, whatToSet: string) =>
    serviceLine(name, on ? 'on' : `off: set ${whatToSet}`)
  const lines = [
    line(
      'browser calls',
      config.voice !== null,
      'VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID to talk to the agent',
    ),
    line('phone calls', config.phoneCall !== null, 'VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID for "Call Me"'),
    line('video calls', config.videoCall !== null, 'TAVUS_API_KEY and TAVUS_PERSONA_ID for the video button'),
    // Nudges go to the team's chat, and by email to the reps who chose it: with mail but no chat they
    // still reach someone, and the line says so rather than "off".
    config.notify.webhookUrl === null && config.mail !== null
      ? serviceLine('rep nudges', "by email only: set NOTIFY_WEBHOOK_URL for the reps' chat too")
      : line('rep nudges', config.notify.webhookUrl !== null, "NOTIFY_WEBHOOK_URL for the reps' chat"),
    line(
      'mail',
      config.mail !== null,
      'SMTP_URL and MAIL_FROM to email invitations, new links and nudges (links are passed on by hand)',
    ),
    // Reading websites needs no key; its optional AI step does.
    line(
      'AI summaries',
      config.websiteReader.ai !== null,
      "LLM_API_URL, LLM_API_KEY and LLM_MODEL to summarise a website's text too",
    ),
  ]
  const allOn = lines.every((text) => text.endsWith(' on'))
  return [
    allOn
      ? 'Services:'
      : 'Services (in .env, then restart; docs/operations.md#configuration lists them all):',
    ...lines,
  ]
}

/**
 * The line for the start's check of the SMTP server, printed when it ends (it never holds up
 * readiness): null when the server took the password, so the "mail on" line above stands.
 */
export function describeMailCheck(problem: string | null): string | null {
  return problem === null
    ? null
    : serviceLine(
        'mail',
        `off: ${problem}; check SMTP_URL (invitations and links are passed on by hand until a restart)`,
      )
}

/** One service's line: its name in a column, then its state. */
const serviceLine = (name: string, state: string) => `  ${name.padEnd(14)}${state}`
