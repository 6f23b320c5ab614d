import { CSRF_HEADER, REP_API_PATH, REP_SESSION_COOKIE, type SessionResponse } from '#core/rep-api.ts'
import { addRep, setPasswordWithLink } from '../e2e/rep-product.ts'

/** The site key a rep made on the product, as the plugin's settings page is given it, and whose it is. */
export interface SiteKey {
  secret: string
  /** What the product answers for the key (`GET /api/embed/key`): its site and its rep. */
  label: string
  rep: string
}

const REP = { email: 'wordpress-rep@example.com', password: 'wordpress rep pass phrase 2026' }
const LABEL = 'Partner site'

/** Adds the rep to the product's data directory before it starts, as an operator does first. */
export const prepareRep = async (dataDir: string): Promise<string> => addRep(dataDir, REP.email)

/**
 * Makes a site key as a rep does on their profile page, through the product's own API: the rep sets
 * their password from the invitation link, signs in, and makes a key for the site.
 */
export async function makeSiteKey(product: string, invitation: string): Promise<SiteKey> {
  await setPasswordWithLink(product, invitation, REP.password)
  const signIn = await fetch(`${product}${REP_API_PATH}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(REP),
  })
  if (!signIn.ok) throw new Error(`signing in answered ${signIn.status}: ${await signIn.text()}`)
  const { csrfToken } = (await signIn.json()) as SessionResponse
  const session = signIn.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${REP_SESSION_COOKIE}=`))
    ?.split(';')[0]
  if (!session) throw new Error('signing in set no session cookie')
  const made = await fetch(`${product}${REP_API_PATH}/embed-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: session, [CSRF_HEADER]: csrfToken },
    body: JSON.stringify({ label: LABEL }),
  })
  if (made.status !== 201) throw new Error(`making a site key answered ${made.status}: ${await made.text()}`)
  const { secret } = (await made.json()) as { secret: string }
  const whose = await fetch(`${product}/api/embed/key`, { headers: { Authorization: `Bearer ${secret}` } })
  if (!whose.ok) throw new Error(`the new key was refused: ${whose.status} ${await whose.text()}`)
  const { label, rep } = (await whose.json()) as { label: string; rep: string }
  return { secret, label, rep }
}
