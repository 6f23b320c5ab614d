import { Hono } from 'hono'
import { type AgentTemplateSet, renderProspectAgent } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import { FALLBACK_SLUG } from '#core/prospect.ts'
import { checkProspectFields, normalizeProspectFields } from '#core/prospect-fields.ts'
import type {
  ProspectFields,
  ProspectHistoryResponse,
  RepProspectDetail,
  RepProspectListResponse,
  SlugCheckResponse,
} from '#core/rep-api.ts'
import { limitBody } from '../common/limit-body.ts'
import type { Db } from '../data/database.ts'
import { readOwnerChange, readProspectInput } from './prospect-body.ts'
import { listProspectPage } from './prospect-list.ts'
import { isRefusal, throwRefusal } from './prospect-refusal.ts'
import type { RepEnv } from './rep-guards.ts'
import {
  createProspect,
  deleteRepProspect,
  getRepProspect,
  isSlugInUse,
  listProspectHistory,
  updateProspect,
} from './rep-prospects.ts'

/** A system prompt may have 20,000 characters; a form is never much more. */
const MAX_BODY_BYTES = 128 * 1024

/** `{ "ownerId": "<uuid>" }` and room to spare. */
const OWNER_BODY_BYTES = 1024

const OWNER_UNKNOWN = 'The owner must be an enabled rep.'

/**
 * The prospects a signed-in rep reads and changes (core/rep-api.ts), every change stamped with the rep.
 * Everyone reads every prospect; who may change one is the database's rule (prospect_change_refusal),
 * checked in the call that writes, so these routes pass the acting rep and answer its refusals.
 */
export function prospectRoutes(db: Db, templates: AgentTemplateSet): Hono<RepEnv> {
  const detailOf = async (slug: string, repId: string): Promise<RepProspectDetail> => {
    const detail = await getRepProspect(db, slug, repId)
    if (!detail) throw new AppError('prospect_not_found')
    // The agent as the prospect's page and calls serve it now, with the templates in use.
    const { firstMessage, system } = renderProspectAgent(templates, detail.fields)
    return { ...detail, agent: { firstMessage, system } }
  }
  const context = { templateIds: templates.list.map((template) => template.source.id) }
  return (
    new Hono<RepEnv>()
      .get('/prospects', async (c) => {
        const page = await listProspectPage(db, new URL(c.req.url).searchParams, c.get('rep'))
        return c.json(page satisfies RepProspectListResponse)
      })
      .get('/prospects/:slug', async (c) => c.json(await detailOf(c.req.param('slug'), c.get('rep').id)))
      .get('/prospects/:slug/history', async (c) => {
        const slug = c.req.param('slug')
        const history = await listProspectHistory(db, slug)
        if (history.length === 0 && !(await isSlugInUse(db, slug))) throw new AppError('prospect_not_found')
        return c.json({ history } satisfies ProspectHistoryResponse)
      })
      .post('/prospects', limitBody(MAX_BODY_BYTES), async (c) => {
        const { fields, ownerId } = readProspectInput(await c.req.text(), context)
        const rep = c.get('rep')
        const result = await createProspect(db, fields, rep.id, ownerId === undefined ? rep.id : ownerId)
        if (isRefusal(result)) throwRefusal(result)
        if (result.status === 'slug_taken') throw new AppError('slug_taken')
        if (result.status === 'owner_unknown') {
          throw new AppError('prospect_invalid', { message: OWNER_UNKNOWN })
        }
        return c.json(await detailOf(fields.slug, rep.id), 201)
      })
      .put('/prospects/:slug', limitBody(MAX_BODY_BYTES), async (c) => {
        const { fields, ownerId } = readProspectInput(await c.req.text(), context)
        const result = await updateProspect(db, {
          slug: c.req.param('slug'),
          fields,
          rep_id: c.get('rep').id,
          owner_id: ownerId ?? null,
          set_owner: ownerId !== undefined,
        })
        if (isRefusal(result)) throwRefusal(result)
        switch (result.status) {
          case 'not_found':
            throw new AppError('prospect_not_found')
          case 'slug_taken':
            throw new AppError('slug_taken')
          case 'owner_unknown':
            throw new AppError('prospect_invalid', { message: OWNER_UNKNOWN })
          case 'fallback':
            throw new AppError('prospect_invalid', {
              fields: {
                slug: `Slug cannot change for "${FALLBACK_SLUG}": it is the page unknown links show`,
              },
            })
          default:
            return c.json(await detailOf(result.slug ?? fields.slug, c.get('rep').id))
        }
      })
      .delete('/prospects/:slug', async (c) => {
        const slug = c.req.param('slug')
        if (slug === FALLBACK_SLUG) {
          throw new AppError('forbidden', {
            message: `The fallback prospect "${FALLBACK_SLUG}" cannot be deleted.`,
          })
        }
        const result = await deleteRepProspect(db, slug, c.get('rep').id)
        if (result.refusal) throwRefusal(result.refusal)
        if (!result.deleted) throw new AppError('prospect_not_found')
        return c.body(null, 204)
      })
      // A change of owner alone: an admin reassigning, or a rep taking over a prospect nobody owns.
      .put('/prospects/:slug/owner', limitBody(OWNER_BODY_BYTES), async (c) => {
        const { ownerId } = readOwnerChange(await c.req.text())
        const result = await updateProspect(db, {
          slug: c.req.param('slug'),
          fields: null,
          rep_id: c.get('rep').id,
          owner_id: ownerId,
          set_owner: true,
        })
        if (isRefusal(result)) throwRefusal(result)
        if (result.status === 'not_found') throw new AppError('prospect_not_found')
        if (result.status === 'owner_unknown')
          throw new AppError('prospect_invalid', { message: OWNER_UNKNOWN })
        return c.json(await detailOf(result.slug ?? c.req.param('slug'), c.get('rep').id))
      })
      .get('/slugs/:slug', async (c) => {
        const slug = c.req.param('slug').trim()
        const rule = checkProspectFields({ ...PLACEHOLDER, slug }).slug ?? null
        const reason =
          rule ?? ((await isSlugInUse(db, slug)) ? 'Another prospect already has this link.' : null)
        return c.json({ available: reason === null, reason } satisfies SlugCheckResponse)
      })
  )
}

/** Valid values for every field but the slug, to check a slug alone by the same rule. */
const PLACEHOLDER = normalizeProspectFields({ name: 'x', company_name: 'x' } as ProspectFields)
