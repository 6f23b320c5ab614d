import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { REP_PHOTO_MAX_BYTES, type RepProfileResponse } from '#core/rep-api.ts'
import { createProspectAnswers } from '../data/prospect-answers.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createRepTestApp, importAsRep, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { encodeRepPhoto } from './rep-photo.ts'

let backend: TestBackend
let reps: RepTestApp
let sam: TestSession
let samId: string
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, {
    repPhotos: encodeRepPhoto,
    teamSchedulingUrl: 'https://book.team.example/intro',
  })
  samId = (await reps.addRep('sam@example.com')).id
  await reps.addRep('bo@example.com')
  sam = await reps.signIn('sam@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(() => backend.db.close())

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const profileOf = async (res: Response) => {
  expect(res.status).toBe(200)
  return ((await res.json()) as RepProfileResponse).profile
}
const putProfile = (session: TestSession, body: unknown) =>
  reps.request('/profile', {
    method: 'PUT',
    session,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  })
const putPhoto = (session: TestSession, body: Uint8Array, type = 'image/jpeg') =>
  reps.request('/profile/photo', {
    method: 'PUT',
    session,
    body: body as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': type },
  })
/** A photo as a phone takes one: a large JPEG, wider than tall. */
const cameraPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))

describe("a rep's profile", () => {
  it('starts empty, and keeps a name and a Calendly link the rep sets, for them alone', async () => {
    expect(await profileOf(await reps.request('/profile', { session: sam }))).toEqual({
      name: '',
      schedulingUrl: '',
      photo: null,
    })
    const saved = await profileOf(
      await putProfile(sam, { name: ' Sam Rivera ', schedulingUrl: 'https://calendly.com/sam-rivera/30min' }),
    )
    expect(saved).toEqual({
      name: 'Sam Rivera',
      schedulingUrl: 'https://calendly.com/sam-rivera/30min',
      photo: null,
    })
    expect(await profileOf(await reps.request('/profile', { session: sam }))).toEqual(saved)
    // Another rep's profile is their own: Sam's link is not theirs.
    expect((await profileOf(await reps.request('/profile', { session: bo }))).schedulingUrl).toBe('')
  })

  it('clears the link when it is set empty', async () => {
    await putProfile(bo, { name: 'Bo', schedulingUrl: 'https://calendly.com/bo' })
    expect(await profileOf(await putProfile(bo, { name: 'Bo', schedulingUrl: '' }))).toMatchObject({
      schedulingUrl: '',
    })
  })

  it("refuses a link that is not a page on Calendly or the team's scheduler, saying why in words", async () => {
    const cases: [string, RegExp][] = [
      ['calendly.com/sam', /whole address/],
      ['http://calendly.com/sam', /must start with https:\/\//],
      ['https://evil.example/sam', /must be a page on calendly\.com or book\.team\.example/],
      ['https://calendly.com.evil.example/sam', /must be a page on calendly\.com/],
      ['https://calendly.com/', /must name your page/],
      ['https://user:pw@calendly.com/sam', /name or password/],
    ]
    for (const [link, message] of cases) {
      const res = await putProfile(sam, { name: 'Sam Rivera', schedulingUrl: link })
      expect(res.status, link).toBe(400)
      expect((await errorOf(res)).fields?.schedulingUrl, link).toMatch(message)
    }
    // The team's own scheduler's host is accepted too.
    expect((await putProfile(bo, { name: 'Bo', schedulingUrl: 'https://book.team.example/bo' })).status).toBe(
      200,
    )
    // Nothing of the refused ones was kept.
    expect((await profileOf(await reps.request('/profile', { session: sam }))).schedulingUrl).toBe(
      'https://calendly.com/sam-rivera/30min',
    )
  })

  it('refuses a name on two lines or too long', async () => {
    const res = await putProfile(sam, { name: 'x'.repeat(81), schedulingUrl: '' })
    expect((await errorOf(res)).fields?.name).toMatch(/too long \(at most 80 characters\)/)
  })

  it('needs a session and the CSRF token to change it', async () => {
    expect((await reps.request('/profile')).status).toBe(401)
    const res = await reps.request('/profile', {
      method: 'PUT',
      session: sam,
      headers: { 'X-CSRF-Token': 'wrong', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory', schedulingUrl: '' }),
    })
    expect(res.status).toBe(403)
  })
})

describe("a rep's photo", () => {
  it('is cropped square and made small, and served like a logo', async () => {
    const profile = await profileOf(await putPhoto(sam, await cameraPhoto()))
    expect(profile.photo).toMatch(/^[0-9a-f]{64}$/)
    // The name and link stay as they were.
    expect(profile).toMatchObject({
      name: 'Sam Rivera',
      schedulingUrl: 'https://calendly.com/sam-rivera/30min',
    })
    const served = await reps.app.request(`http://127.0.0.1/api/logos/${profile.photo}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata()
    expect([metadata.width, metadata.height]).toEqual([192, 192])
    expect(metadata.exif).toBeUndefined()
  })

  it('refuses a file over 5 MB, a type that is not a picture, and bytes that are not one, in words', async () => {
    const tooLarge = await putPhoto(sam, new Uint8Array(REP_PHOTO_MAX_BYTES + 1))
    expect(tooLarge.status).toBe(413)
    expect((await errorOf(tooLarge)).message).toBe('This photo is larger than 5 MB. Choose a smaller one.')
    const wrongType = await putPhoto(sam, await cameraPhoto(), 'image/svg+xml')
    expect(wrongType.status).toBe(415)
    expect((await errorOf(wrongType)).message).toMatch(/PNG, JPEG, WebP or GIF/)
    const notAPicture = await putPhoto(sam, new TextEncoder().encode('<html>hello</html>'))
    expect(notAPicture.status).toBe(400)
    expect((await errorOf(notAPicture)).message).toMatch(/could not be read as a photo/)
    // The photo from before is still there.
    expect((await profileOf(await reps.request('/profile', { session: sam }))).photo).toMatch(
      /^[0-9a-f]{64}$/,
    )
  })

  it('is removed on request', async () => {
    expect(
      (await profileOf(await reps.request('/profile/photo', { method: 'DELETE', session: bo }))).photo,
    ).toBeNull()
  })
})

describe("the prospect answer's booking", () => {
  const answersWith = (teamBookingUrl: string | null) =>
    createProspectAnswers({
      db: backend.deps.db,
      templates: backend.deps.templates,
      features: () => ({ browserCall: false, phoneCall: false, videoCall: false }),
      teamBookingUrl,
    })

  it("offers the owner's scheduler with their name and photo, never their email", async () => {
    await importAsRep(
      backend.deps.db,
      [makeProspectRow({ slug: 'sams-lead', name: 'Lee', company_name: 'Lee Co' })],
      samId,
    )
    const answer = await answersWith('https://calendly.com/team/15min').get('sams-lead')
    const booking = answer?.response.prospect.booking
    expect(booking).toEqual({
      // Naming the prospect, so the scheduler's webhook books the right one.
      url: 'https://calendly.com/sam-rivera/30min?utm_source=voice-demo&utm_medium=prospect-page&utm_content=sams-lead',
      rep: { name: 'Sam Rivera', firstName: 'Sam', photo: expect.stringMatching(/^[0-9a-f]{64}$/) },
      label: 'Book a call with Sam',
    })
    expect(answer?.json).not.toContain('sam@example.com')
  })

  it("falls back to the team's scheduler when the owner has no link, or nobody owns the prospect", async () => {
    await putProfile(sam, { name: 'Sam Rivera', schedulingUrl: '' })
    const answers = answersWith('https://calendly.com/team/15min')
    expect((await answers.get('sams-lead'))?.response.prospect.booking).toEqual({
      url: 'https://calendly.com/team/15min?utm_source=voice-demo&utm_medium=prospect-page&utm_content=sams-lead',
      rep: null,
      label: 'Book a call',
    })
    expect((await answers.get('bright-smile-dental'))?.response.prospect.booking).toEqual({
      url: 'https://calendly.com/team/15min?utm_source=voice-demo&utm_medium=prospect-page&utm_content=bright-smile-dental',
      rep: null,
      label: 'Book a call',
    })
  })

  it('is absent without either link', async () => {
    const answer = await answersWith(null).get('sams-lead')
    expect(answer?.response.prospect).not.toHaveProperty('booking')
  })
})
