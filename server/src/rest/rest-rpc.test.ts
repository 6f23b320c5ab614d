import type { PGlite } from '@electric-sql/pglite'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestBackend } from '../testing/test-backend.ts'
import { type ApiRole, signLocalKey } from './local-jwt.ts'
import { createRestApp } from './rest-app.ts'

// Conformance of `POST /rest/v1/rpc/{fn}` with PostgREST v12's documented answers
// (references/api/functions.rst, references/errors.rst), for the calls supabase-js `.rpc()` sends.

let db: PGlite
let rest: Hono
const keys = {} as Record<ApiRole, string>
beforeAll(async () => {
  const backend = await createTestBackend()
  db = backend.db
  // The documentation's example, a jsonb one, one that raises, and one anon may not execute.
  await db.exec(`
    create function public.add_them(a integer, b integer) returns integer
      language sql immutable as $$ select a + b $$;
    create function public.echo(payload jsonb, label text default 'none') returns jsonb
      language sql stable as $$ select jsonb_build_object('payload', payload, 'label', label, 'role', current_user) $$;
    create function public.refuse(reason text) returns integer
      language plpgsql as $$ begin raise exception '%', reason using hint = 'try later'; end $$;
    create sequence public.counter;
    create function public.write_in_stable() returns bigint
      language sql stable as $$ select nextval('public.counter') $$;
    create function public.private_fn() returns integer language sql as $$ select 42 $$;
    revoke all on function public.private_fn() from public, anon, authenticated;
  `)
  // Like PostgREST's schema cache, the function list is read once: build the app after the DDL.
  rest = createRestApp({ db, secret: backend.secret })
  for (const role of ['anon', 'authenticated', 'service_role'] as const)
    keys[role] = await signLocalKey(backend.secret, role)
})
afterAll(() => db.close())

function rpc(fn: string, body: string, role: ApiRole = 'service_role', method = 'POST') {
  return rest.request(`/rest/v1/rpc/${fn}`, {
    method,
    headers: {
      apikey: keys[role],
      Authorization: `Bearer ${keys[role]}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
    },
    ...(method === 'GET' ? {} : { body }),
  })
}

describe('calling a function', () => {
  it('passes the JSON object as named arguments and answers the value as JSON', async () => {
    const res = await rpc('add_them', '{ "a": 1, "b": 2 }')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toBe(3)
  })

  it('passes objects to jsonb parameters whole, fills defaults, and runs as the JWT role', async () => {
    const res = await rpc('echo', JSON.stringify({ payload: [{ key: "it's" }] }), 'authenticated')
    expect(await res.json()).toEqual({ payload: [{ key: "it's" }], label: 'none', role: 'authenticated' })
  })

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    for (const [fn, body, message, searched] of [
      ['nothing_here', '{}', 'nothing_here without parameters', 'nothing_here without parameters'],
      ['add_them', '{"a": 1}', 'add_them(a)', 'add_them with parameter a'],
      ['add_them', '{"a": 1, "c": 2}', 'add_them(a, c)', 'add_them with parameters a, c'],
    ] as const) {
      const res = await rpc(fn, body)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({
        code: 'PGRST202',
        details: `Searched for the function public.${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        hint: null,
        message: `Could not find the function public.${message} in the schema cache`,
      })
    }
  })

  it('answers a raised exception with 400 and its message and hint (P0001)', async () => {
    const res = await rpc('refuse', '{"reason": "not today"}')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'P0001',
      details: null,
      hint: 'try later',
      message: 'not today',
    })
  })

  it('runs a stable function read-only (405 for a write, SQLSTATE 25006)', async () => {
    const res = await rpc('write_in_stable', '{}')
    expect(res.status).toBe(405)
    expect((await res.json()).code).toBe('25006')
  })

  it('answers an invalid body with 400 PGRST102', async () => {
    for (const body of ['{"a": ', '[1, 2]', '"text"']) {
      const res = await rpc('add_them', body)
      expect(res.status, body).toBe(400)
      expect((await res.json()).code).toBe('PGRST102')
    }
  })

  it('refuses methods other than POST with 405 PGRST101', async () => {
    const res = await rpc('add_them', '', 'service_role', 'GET')
    expect(res.status).toBe(405)
    expect((await res.json()).code).toBe('PGRST101')
  })
})

describe('execute privileges', () => {
  it('answers anon with 401 and authenticated with 403 (42501) on a function they may not execute', async () => {
    const anon = await rpc('private_fn', '{}', 'anon')
    expect(anon.status).toBe(401)
    expect(await anon.json()).toMatchObject({
      code: '42501',
      message: 'permission denied for function private_fn',
    })
    expect((await rpc('private_fn', '{}', 'authenticated')).status).toBe(403)
    expect(await (await rpc('private_fn', '{}')).json()).toBe(42)
  })
})
