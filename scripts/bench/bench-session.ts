import { REP_API_PATH, type SessionResponse } from '../../core/rep-api.ts'
import { ADMIN } from '../../e2e/rep-product.ts'

/** A bench's signed-in admin: the cookie and the CSRF token its changes send. */
export interface SignedIn {
  cookie: string
  csrfToken: string
}

/** Signs in as the admin startRepProduct made, through the reps' API as the browser does. */
export async function signIn(url: string): Promise<SignedIn> {
  const res = await fetch(`${url}${REP_API_PATH}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify(ADMIN),
  })
  if (!res.ok) throw new Error(`signing in answered ${res.status}`)
  const { csrfToken } = (await res.json()) as SessionResponse
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrfToken }
}
