import type { APIRequestContext, BrowserContext } from '@playwright/test'
import type { Login } from './wordpress.ts'

/**
 * What the block editor does with a post, through the same REST API: a cookie session from
 * wp-login.php and the `wp_rest` nonce in `X-WP-Nonce`. Saving as an Author (no `unfiltered_html`)
 * runs the content through kses, as the editor's save does.
 */

export interface SavedPost {
  id: number
  link: string
  content: { raw: string; rendered: string }
}

/** Signs `login` in through wp-login.php's form in `context` (its cookies are then the session). */
export async function signIn(context: BrowserContext, site: string, login: Login): Promise<void> {
  const page = await context.newPage()
  try {
    await page.goto(`${site}/wp-login.php`)
    await page.locator('#user_login').fill(login.user)
    await page.locator('#user_pass').fill(login.password)
    await Promise.all([page.waitForNavigation(), page.locator('#wp-submit').click()])
    if (!new URL(page.url()).pathname.startsWith('/wp-admin/')) {
      const said = await page
        .locator('#login_error, #login h1')
        .first()
        .innerText()
        .catch(() => '')
      throw new Error(`${login.user} was not signed in: ${page.url()} says ${said}`)
    }
  } finally {
    await page.close()
  }
}

export class PostsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly site: string,
    private readonly nonce: string,
  ) {}

  /** The API for the user signed in in `context`, with the nonce the editor gets for them. */
  static async of(context: BrowserContext, site: string): Promise<PostsApi> {
    const response = await context.request.get(`${site}/wp-admin/admin-ajax.php?action=rest-nonce`)
    const nonce = (await response.text()).trim()
    if (!response.ok() || !/^[0-9a-f]{10}$/.test(nonce)) {
      throw new Error(`No REST nonce (HTTP ${response.status()}): ${nonce.slice(0, 200)}`)
    }
    return new PostsApi(context.request, site, nonce)
  }

  private async call(method: 'GET' | 'POST', route: string, data?: object, query = {}): Promise<SavedPost> {
    const params = new URLSearchParams({ rest_route: route, ...query })
    const response = await this.request.fetch(`${this.site}/?${params}`, {
      method,
      headers: { 'X-WP-Nonce': this.nonce },
      ...(data && { data }),
    })
    const body = await response.text()
    if (!response.ok()) throw new Error(`${method} ${route}: HTTP ${response.status()} ${body.slice(0, 400)}`)
    return JSON.parse(body) as SavedPost
  }

  /** Publishes a new post, as the editor's Publish button does. */
  publish(title: string, content: string): Promise<SavedPost> {
    return this.call('POST', '/wp/v2/posts', { title, content, status: 'publish' })
  }

  /** Submits a new post for review, as a Contributor's editor does. */
  submitForReview(title: string, content: string): Promise<SavedPost> {
    return this.call('POST', '/wp/v2/posts', { title, content, status: 'pending' })
  }

  /** Opens the post as the editor does (its stored content) and saves that content again (Update). */
  async resave(id: number): Promise<SavedPost> {
    const stored = await this.call('GET', `/wp/v2/posts/${id}`, undefined, { context: 'edit' })
    return this.call('POST', `/wp/v2/posts/${id}`, { content: stored.content.raw })
  }
}
