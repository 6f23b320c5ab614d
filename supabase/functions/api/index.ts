// Supabase Edge Function `api`: the server's Hono app on Deno. Supabase routes
// https://<project>.supabase.co/functions/v1/api/... here with the path `/api/...`, which is exactly
// where the app's routes live. Configuration comes from the function's secrets (`Deno.env`), read
// with each request; Supabase itself provides SUPABASE_DB_URL, the database the function connects to
// (set DATABASE_URL to its pooler's URL instead, as docs/deployment.md says).
// Deploy: see docs/deployment.md, "Deploy" (`supabase functions deploy api --no-verify-jwt`).
import agentTemplates from '../../../dist/agent-templates.json' with { type: 'json' }
import { createEdgeHandler } from '../../../server/src/edge.ts'

// Both come from `npm run build` (so build before deploying): the agent templates, checked and
// bundled from agent-templates/, and the site's server entry, with which the function renders
// prospect pages at /api/pages/{slug}, which the static host proxies /{slug} to.
const handle = createEdgeHandler({
  templates: agentTemplates.templates,
  loadSiteRenderer: () => import('../../../dist/.site-ssr/entry-server.js'),
})

Deno.serve((request, info) => {
  const peer = 'hostname' in info.remoteAddr ? info.remoteAddr.hostname : undefined
  return handle(request, Deno.env.toObject(), peer)
})
