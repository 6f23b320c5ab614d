import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { TeamChangeResponse, TeamHistoryResponse, TeamResponse } from '#core/rep-api.ts'
import type { UpdateRepResult } from '../data/team-database.ts'
import {
  createRepTestApp,
  type RepTestApp,
  TEST_PASSWORD,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { type RepsCliIo, runRepsCli } from './cli.ts'
import { setRepDisabled } from './rep-accounts.ts'
import { updateRep } from './team-store.ts'

/** Disabling, enabling and roles; the rules the database keeps for the page and the command line alike. */
let backend: TestBackend
let reps: RepTestApp
const ids: Record<string, string> = {}
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  for (const [name, role] of [
    ['ann', 'admin'],
    ['cy', 'admin'],
    ['bo', 'rep'],
  ] as const) {
    ids[name] = (await reps.addRep(`${name}@example.com`, role)).id
  }
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const change = (session: TestSession, id: string | undefined, body: unknown) =>
  reps.request(`/team/${id}`, { method: 'PATCH', session, body: JSON.stringify(body) })
const signIn = (name: string) => reps.signIn(`${name}@example.com`)
async function historyOf(id: string | undefined) {
  const session = await signIn('ann')
  const res = await reps.request(`/team/${id}/history`, { session })
  return ((await res.json()) as TeamHistoryResponse).history
}
async function enabledAdmins(): Promise<string[]> {
  const { rows } = await backend.db.query<{ email: string }>(
    "select email from public.reps where role = 'admin' and disabled_at is null order by email",
  )
  return rows.map((row) => row.email)
}
/** Puts an account back as the tests began, as the command line would (no actor). */
const restore = (name: string, role: 'admin' | 'rep') =>
  updateRep(backend.deps.db, ids[name] ?? '', { role, disabled: false }, reps.clock.now(), null)

describe('PATCH team/:id', () => {
  it('disables a rep, ending their sessions at once, and enables them again; the trail names the admin', async () => {
    const ann = await signIn('ann')
    const bo = await signIn('bo')
    const off = await change(ann, ids.bo, { disabled: true })
    expect(off.status).toBe(200)
    const body = (await off.json()) as TeamChangeResponse
    expect(body.member).toMatchObject({ email: 'bo@example.com', status: 'disabled' })
    expect(body.endedSessions).toBe(2) // this one, and the one from setting the password
    expect((await reps.request('/session', { session: bo })).status).toBe(401)
    const refused = await reps.request('/session', {
      method: 'POST',
      body: JSON.stringify({ email: 'bo@example.com', password: TEST_PASSWORD }),
    })
    expect((await errorOf(refused)).code).toBe('rep_disabled')

    const on = await change(ann, ids.bo, { disabled: false })
    expect(((await on.json()) as TeamChangeResponse).member.status).toBe('active')
    expect((await signIn('bo')).rep.email).toBe('bo@example.com')
    const [enabled, disabled] = await historyOf(ids.bo)
    expect(enabled).toMatchObject({ action: 'enabled', stamp: { rep: { email: 'ann@example.com' } } })
    expect(disabled).toMatchObject({ action: 'disabled', endedSessions: 2 })
  })

  it('changes a role both ways, in effect on the next request of a session already open', async () => {
    const ann = await signIn('ann')
    const bo = await signIn('bo')
    expect((await reps.request('/team', { session: bo })).status).toBe(403)
    const up = await change(ann, ids.bo, { role: 'admin' })
    expect(((await up.json()) as TeamChangeResponse).member.role).toBe('admin')
    expect((await reps.request('/team', { session: bo })).status).toBe(200)
    await change(ann, ids.bo, { role: 'rep' })
    expect((await reps.request('/team', { session: bo })).status).toBe(403)
    expect((await historyOf(ids.bo)).slice(0, 2)).toMatchObject([
      { action: 'role_changed', role: 'rep' },
      { action: 'role_changed', role: 'admin' },
    ])
  })

  it('changes nothing and records nothing when asked for what already is', async () => {
    const before = (await historyOf(ids.bo)).length
    const res = await change(await signIn('ann'), ids.bo, { role: 'rep', disabled: false })
    expect(res.status).toBe(200)
    expect(await historyOf(ids.bo)).toHaveLength(before)
  })

  it('refuses an admin disabling or demoting themselves', async () => {
    const ann = await signIn('ann')
    for (const body of [{ disabled: true }, { role: 'rep' }, { role: 'rep', disabled: true }]) {
      const res = await change(ann, ids.ann, body)
      expect(res.status, JSON.stringify(body)).toBe(403)
      expect(await errorOf(res)).toEqual({
        code: 'forbidden',
        message: 'You cannot disable yourself or remove your own admin role. Another admin can.',
      })
    }
    expect((await reps.request('/session', { session: ann })).status).toBe(200)
    expect(await enabledAdmins()).toEqual(['ann@example.com', 'cy@example.com'])
  })

  it('refuses a body that changes nothing or names no role', async () => {
    const ann = await signIn('ann')
    for (const body of [{}, { role: 'owner' }, { disabled: 'yes' }]) {
      expect((await change(ann, ids.bo, body)).status, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('there is always an enabled admin', () => {
  it('lets only one of two admins demoting or disabling each other at once win', async () => {
    for (const body of [{ role: 'rep' }, { disabled: true }]) {
      const [ann, cy] = [await signIn('ann'), await signIn('cy')]
      try {
        const answers = await Promise.all([change(ann, ids.cy, body), change(cy, ids.ann, body)])
        const label = JSON.stringify(body)
        expect(
          answers.filter((res) => res.status === 200),
          label,
        ).toHaveLength(1)
        const loser = answers.find((res) => res.status !== 200) as Response
        if (loser.status === 403) {
          expect(await errorOf(loser)).toEqual({
            code: 'forbidden',
            message: 'Only an admin can manage the team.',
          })
        } else {
          // Disabled by the winner before its own request was even read: its session had ended.
          expect([label, loser.status]).toEqual(['{"disabled":true}', 401])
        }
        expect(await enabledAdmins(), label).toHaveLength(1)
      } finally {
        await restore('ann', 'admin')
        await restore('cy', 'admin')
      }
    }
  })

  // Only PostgreSQL runs two transactions at once (the embedded database has one connection): the
  // first demotion is held open, uncommitted, while the second is sent.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'makes a second change wait for the first and then see it, so neither passes on a stale view',
    async () => {
      const at = reps.clock.now().toISOString()
      let commit = () => {}
      const held = new Promise<void>((resolve) => (commit = resolve))
      let demoted = () => {}
      const firstRan = new Promise<void>((resolve) => (demoted = resolve))
      const first = backend.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ result: UpdateRepResult }>(
          `select public.update_rep($1, 'rep', null, $2, $3) as result`,
          [ids.cy, at, ids.ann],
        )
        demoted()
        await held
        return rows[0]?.result
      })
      await firstRan
      let secondDone = false
      const second = updateRep(
        backend.deps.db,
        ids.ann ?? '',
        { role: 'rep' },
        new Date(at),
        ids.cy ?? '',
      ).then((result) => {
        secondDone = true
        return result
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(secondDone, 'the second waits for the first to end').toBe(false)
      commit()
      expect((await first)?.status).toBe('updated')
      // Cy is a rep by now, so Cy may no longer demote anyone.
      expect((await second).status).toBe('forbidden')
      expect(await enabledAdmins()).toEqual(['ann@example.com'])
      await restore('cy', 'admin')
    },
  )

  it('refuses the last enabled admin to the command line too, even two commands at once', async () => {
    const at = reps.clock.now()
    const results = await Promise.all([
      setRepDisabled(backend.deps.db, 'ann@example.com', true, at),
      setRepDisabled(backend.deps.db, 'cy@example.com', true, at),
    ])
    expect(results.map((result) => result?.status).sort()).toEqual(['last_admin', 'updated'])
    const left = results.find((result) => result?.status === 'last_admin')?.rep.email ?? ''
    // And neither demoting them nor disabling them gets past the rule.
    for (const change of [{ role: 'rep' as const }, { disabled: true }]) {
      const id = left === 'ann@example.com' ? ids.ann : ids.cy
      expect((await updateRep(backend.deps.db, id ?? '', change, at, null)).status).toBe('last_admin')
    }
    await restore('ann', 'admin')
    await restore('cy', 'admin')
  })
})

describe('the command line', () => {
  it("writes the same trail, with nobody's name: the command line", async () => {
    let stdout = ''
    const io: RepsCliIo = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => {} },
      env: {},
      openStore: async () => ({ db: backend.deps.db, target: 'test database', close: async () => {} }),
      now: reps.clock.now,
    }
    const run = (...argv: string[]) => runRepsCli(argv, io)
    expect(await run('add', 'dee@example.com')).toBe(0)
    const token = /#token=([\w-]{43})/.exec(stdout)?.[1]
    const set = await reps.request('/password', {
      method: 'POST',
      body: JSON.stringify({ token, password: TEST_PASSWORD }),
    })
    expect(set.status).toBe(200)
    for (const command of ['reset', 'disable', 'enable'])
      expect(await run(command, 'dee@example.com')).toBe(0)

    const res = await reps.request('/team', { session: await signIn('ann') })
    const dee = ((await res.json()) as TeamResponse).members.find((one) => one.email === 'dee@example.com')
    const history = await historyOf(dee?.id)
    expect(history.map((entry) => [entry.action, entry.stamp.rep?.email ?? null])).toEqual([
      ['enabled', null],
      ['disabled', null],
      ['password_reset', null],
      ['password_set', 'dee@example.com'],
      ['invited', null],
    ])
    expect(history.at(-1)?.role).toBe('rep')
  })
})
