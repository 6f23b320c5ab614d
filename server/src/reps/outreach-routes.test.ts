import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import {
  DEFAULT_OUTREACH_WORDING,
  type OutreachWording,
  type OutreachWordingResponse,
} from '#core/rep-api.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let reps: RepTestApp
let admin: TestSession
let adminId: string
let sam: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  adminId = (await reps.addRep('ada@example.com', 'admin')).id
  await reps.addRep('sam@example.com')
  admin = await reps.signIn('ada@example.com')
  sam = await reps.signIn('sam@example.com')
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const wordingOf = async (res: Response) => {
  expect(res.status).toBe(200)
  return (await res.json()) as OutreachWordingResponse
}
const put = (session: TestSession, body: unknown) =>
  reps.request('/outreach-wording', {
    method: 'PUT',
    session,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  })

const OURS: OutreachWording = {
  subject: 'For {{ company_name }}',
  email: 'Hello {{ first_name | default: "team" }}, here it is: {{ link }}\n\n{{ rep_name | default: "Us" }}',
  linkedin: 'Hi {{ first_name | default: "there" }}: {{ link }}',
}

describe('the team’s wording of a rep’s message', () => {
  it('is the default until an admin changes it, then the same for every rep, stamped', async () => {
    expect(await wordingOf(await reps.request('/outreach-wording', { session: sam }))).toEqual({
      wording: DEFAULT_OUTREACH_WORDING,
      isDefault: true,
      updated: null,
      repName: '',
    })
    const saved = await wordingOf(await put(admin, OURS))
    expect(saved).toEqual({
      wording: OURS,
      isDefault: false,
      updated: {
        at: reps.clock.now().toISOString(),
        rep: { id: adminId, email: 'ada@example.com', role: 'admin' },
      },
      repName: '',
    })
    expect((await wordingOf(await reps.request('/outreach-wording', { session: sam }))).wording).toEqual(OURS)
  })

  it('answers each rep their own profile name for {{ rep_name }}', async () => {
    const res = await reps.request('/profile', {
      method: 'PUT',
      session: sam,
      body: JSON.stringify({ name: 'Sam Rivera', schedulingUrl: '' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect((await wordingOf(await reps.request('/outreach-wording', { session: sam }))).repName).toBe(
      'Sam Rivera',
    )
    expect((await wordingOf(await reps.request('/outreach-wording', { session: admin }))).repName).toBe('')
  })

  it('is changed by admins only: a rep is refused in words and nothing changes', async () => {
    const res = await put(sam, { ...OURS, subject: 'Mine' })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe('Only an admin can change the wording for everyone.')
    expect((await wordingOf(await reps.request('/outreach-wording', { session: sam }))).wording).toEqual(OURS)
    expect((await reps.request('/outreach-wording')).status).toBe(401)
  })

  it('refuses a text that breaks the rule, saying which and why in words, and keeps what was there', async () => {
    const cases: [Partial<OutreachWording>, keyof OutreachWording, RegExp][] = [
      [{ subject: '' }, 'subject', /^Subject: write something here\.$/],
      [{ subject: 'Two\nlines' }, 'subject', /a subject is one line/],
      [{ subject: 'Hi {{ city }}' }, 'subject', /\{\{ city \}\} may be empty there/],
      [{ email: 'Hi {{ nickname }} {{ link }}' }, 'email', /"nickname" is not a placeholder/],
      [{ email: 'No link here' }, 'email', /put \{\{ link \}\}/],
      [{ email: '{% if city %}{{ link }}{% endif %}' }, 'email', /outside any \{% if %\}/],
      [{ email: '{% facts %} {{ link }}' }, 'email', /is not a tag this text may use/],
      [
        { linkedin: `${'x'.repeat(181)} {{ link }}` },
        'linkedin',
        /own words come to 182 characters; keep them to 180/,
      ],
      [{ linkedin: 'x'.repeat(601) }, 'linkedin', /at most 600 characters/],
    ]
    for (const [change, field, message] of cases) {
      const res = await put(admin, { ...OURS, ...change })
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect((await errorOf(res)).fields?.[field], JSON.stringify(change)).toMatch(message)
    }
    expect((await put(admin, { subject: 'x' })).status).toBe(400)
    expect((await wordingOf(await reps.request('/outreach-wording', { session: sam }))).wording).toEqual(OURS)
  })

  it('keeps the agent’s texts free of the message’s placeholders', async () => {
    const { compileAgentText } = await import('#core/agent-text.ts')
    for (const name of ['link', 'rep_name', 'first_name']) {
      expect(() => compileAgentText(`Hi {{ ${name} | default: "x" }}`)).toThrow(/is not a placeholder/)
    }
  })
})
