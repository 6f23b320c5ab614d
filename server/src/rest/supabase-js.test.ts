import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../data/database.ts'
import { createServerSupabase } from '../data/supabase-client.ts'
import { createTestBackend } from '../testing/test-backend.ts'
import { signLocalKey } from './local-jwt.ts'
import { LOCAL_SUPABASE_URL } from './local-supabase.ts'

// The same calls the server makes against hosted Supabase, made by supabase-js itself against the
// local layer: if supabase-js reads these answers as it reads PostgREST's, the data code is portable.

let db: PGlite
let service: Db
let anon: Db

beforeAll(async () => {
  const backend = await createTestBackend()
  db = backend.db
  service = backend.deps.supabase
  const rest = backend.deps.rest
  if (!rest) throw new Error('the test backend mounts the REST layer')
  anon = createServerSupabase({
    url: LOCAL_SUPABASE_URL,
    key: await signLocalKey(backend.secret, 'anon'),
    fetch: async (input, init) => rest.fetch(new Request(input, init)),
  })
})
afterAll(() => db.close())

describe('supabase-js against the local REST layer', () => {
  it('reads one row with .single()', async () => {
    const { data, error, status } = await service
      .from('prospects')
      .select('slug,name,company_name')
      .eq('slug', 'harbor-realty')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual({ slug: 'harbor-realty', name: 'James Carter', company_name: 'Harbor Realty Group' })
  })

  it('reads rows as an array', async () => {
    const { data, error } = await service.from('prospects').select('slug')
    expect(error).toBeNull()
    expect(data?.map((row) => row.slug).sort()).toEqual(['bright-smile-dental', 'harbor-realty', 'visitor'])
  })

  it('reports a missing row from .single() as PGRST116 with status 406', async () => {
    const { data, error, status } = await service
      .from('prospects')
      .select('slug')
      .eq('slug', 'nobody')
      .single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
  })

  it('returns null from .maybeSingle() when nothing matches', async () => {
    const { data, error } = await service.from('prospects').select('slug').eq('slug', 'nobody').maybeSingle()
    expect(error).toBeNull()
    expect(data).toBeNull()
  })

  it('denies the anon key: 401 with 42501, no rows', async () => {
    const { data, error, status } = await anon.from('prospects').select('slug').eq('slug', 'visitor').single()
    expect(data).toBeNull()
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })

  it('reports an unknown column as 42703', async () => {
    const { error, status } = await service.from('prospects').select('slug,nope')
    expect(status).toBe(400)
    expect(error?.message).toBe('column prospects.nope does not exist')
  })

  it('calls a function with .rpc(): named arguments in, its JSON value out; anon refused', async () => {
    const buckets = [{ key: 'supabase-js-test', limit: 1, windowSeconds: 60 }]
    const { data, error, status } = await service.rpc('check_rate_limits', { buckets })
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual({ allowed: true, blocked: [], retryAfterSeconds: 0 })
    const denied = await anon.rpc('check_rate_limits', { buckets })
    expect(denied.status).toBe(401)
    expect(denied.error?.code).toBe('42501')
  })
})
