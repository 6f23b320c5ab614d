import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { checkSchedulingLink, SCHEDULER_HOST } from '#core/prospect-fields.ts'
import {
  checkRepName,
  REP_PHOTO_MAX_BYTES,
  REP_PHOTO_TYPES,
  type RepNudgeMail,
  type RepNudgesResponse,
  type RepProfile,
  type RepProfileResponse,
} from '#core/rep-api.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { RepProfileRow } from '../data/rep-database.ts'
import { saveWebsiteImage } from '../data/website-images.ts'
import type { RepEnv } from './rep-guards.ts'
import type { RepApiDeps } from './rep-settings.ts'

const MAX_JSON_BYTES = 4 * 1024
const ProfileBody = z.object({ name: z.string().max(1000), schedulingUrl: z.string().max(2000) })
const NudgesBody = z.object({ choice: z.enum(['off', 'also', 'only']) })
const NO_MAIL = 'Mail is not set up on this server, so nudges can reach you only in the team’s chat.'

/** The photo's body, at most REP_PHOTO_MAX_BYTES; over it, the rep reads why in words. */
const limitPhoto: MiddlewareHandler = async (c, next) => {
  try {
    await limitBody(REP_PHOTO_MAX_BYTES)(c, next)
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'payload_too_large')) throw error
    const megabytes = REP_PHOTO_MAX_BYTES / 1024 / 1024
    throw new AppError('payload_too_large', {
      message: `This photo is larger than ${megabytes} MB. Choose a smaller one.`,
    })
  }
}

/** The host of the team's scheduling link, when it is an https address; else null. */
export function getTeamSchedulerHost(teamUrl: string | null | undefined): string | null {
  if (!teamUrl || !URL.canParse(teamUrl)) return null
  const url = new URL(teamUrl)
  return url.protocol === 'https:' ? url.hostname.toLowerCase() : null
}

const toProfile = (row: RepProfileRow | null): RepProfile => ({
  name: row?.name ?? '',
  schedulingUrl: row?.scheduling_url ?? '',
  photo: row?.photo ?? null,
})

/**
 * The signed-in rep's own profile: the name prospects see, their scheduling link and their photo,
 * which a prospect's page shows beside "Book a call with {first name}". Each rep changes only their own
 * (the session says whose); nothing here names another rep.
 */
export function profileRoutes(deps: RepApiDeps): Hono<RepEnv> {
  const teamHost = getTeamSchedulerHost(deps.settings.teamSchedulingUrl)
  const schedulerHosts = [SCHEDULER_HOST, ...(teamHost && teamHost !== SCHEDULER_HOST ? [teamHost] : [])]
  const answer = (row: RepProfileRow | null): RepProfileResponse => ({
    profile: toProfile(row),
    schedulerHosts,
  })
  const current = (db: Db, repId: string) => callFunction(db, 'rep_profile', { rep_id: repId })
  const save = async (repId: string, profile: RepProfile) => {
    const row = await callFunction(deps.db, 'set_rep_profile', {
      rep_id: repId,
      display_name: profile.name.trim() || null,
      scheduling_url: profile.schedulingUrl.trim() || null,
      photo: profile.photo,
    })
    // A disabled rep's session ended with the disabling; one that raced it is signed out.
    if (!row) throw new AppError('signed_out')
    return row
  }

  const mailOn = () => deps.settings.mail?.isOn() === true
  const nudgesOf = async (repId: string): Promise<RepNudgesResponse> => {
    const { rows } = await deps.db.query<{ nudge_mail: RepNudgeMail }>(
      'select nudge_mail from public.reps where id = $1',
      [repId],
    )
    return { choice: rows[0]?.nudge_mail ?? 'off', mail: mailOn() }
  }

  return (
    new Hono<RepEnv>()
      // Nudges by email: each rep chooses for their own prospects; mail must be on to choose email.
      .get('/profile/nudges', async (c) => c.json(await nudgesOf(c.get('rep').id)))
      .put('/profile/nudges', limitBody(MAX_JSON_BYTES), async (c) => {
        const { choice } = readJsonBody(await c.req.text(), NudgesBody)
        if (choice !== 'off' && !mailOn()) throw new AppError('bad_request', { message: NO_MAIL })
        const repId = c.get('rep').id
        await callFunction(deps.db, 'set_rep_nudge_mail', { rep_id: repId, choice })
        return c.json(await nudgesOf(repId))
      })
      .get('/profile', async (c) => c.json(answer(await current(deps.db, c.get('rep').id))))
      .put('/profile', limitBody(MAX_JSON_BYTES), async (c) => {
        const body = readJsonBody(await c.req.text(), ProfileBody)
        const fields: Record<string, string> = {}
        const nameProblem = checkRepName(body.name)
        if (nameProblem) fields.name = nameProblem
        const linkProblem = checkSchedulingLink(body.schedulingUrl, teamHost)
        if (linkProblem) fields.schedulingUrl = linkProblem
        if (Object.keys(fields).length > 0) {
          throw new AppError('bad_request', { message: 'Please correct the marked fields.', fields })
        }
        const repId = c.get('rep').id
        const { photo } = toProfile(await current(deps.db, repId))
        return c.json(answer(await save(repId, { ...body, photo })))
      })
      .put('/profile/photo', limitPhoto, async (c) => {
        const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
        if (!(REP_PHOTO_TYPES as readonly string[]).includes(type)) {
          throw new AppError('unsupported_media_type', {
            message: 'Choose a photo saved as PNG, JPEG, WebP or GIF.',
          })
        }
        if (!deps.photos) {
          throw new AppError('unavailable', { message: 'Photos cannot be uploaded on this server.' })
        }
        const upload = new Uint8Array(await c.req.arrayBuffer())
        const photo = upload.byteLength > 0 ? await deps.photos(upload) : null
        if (!photo) {
          throw new AppError('bad_request', {
            message: 'This file could not be read as a photo. Choose a PNG, JPEG, WebP or GIF picture.',
          })
        }
        await saveWebsiteImage(deps.db, { ...photo, sourceUrl: 'rep-photo' })
        const repId = c.get('rep').id
        const profile = toProfile(await current(deps.db, repId))
        return c.json(answer(await save(repId, { ...profile, photo: photo.id })))
      })
      .delete('/profile/photo', async (c) => {
        const repId = c.get('rep').id
        const profile = toProfile(await current(deps.db, repId))
        return c.json(answer(await save(repId, { ...profile, photo: null })))
      })
  )
}
