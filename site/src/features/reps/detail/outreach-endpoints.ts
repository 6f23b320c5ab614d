import type { OutreachWording, OutreachWordingResponse } from '#core/rep-api.ts'
import { requestRep } from '../api/rep-client.ts'

/** The team's wording and the rep's own name (core/rep-api.ts, `GET outreach-wording`). */
export const getOutreachWording = (_key: string, signal: AbortSignal) =>
  requestRep<OutreachWordingResponse>('outreach-wording', { signal })

/** Stores the wording for everyone (admins only, `PUT outreach-wording`). */
export const saveOutreachWording = (wording: OutreachWording) =>
  requestRep<OutreachWordingResponse>('outreach-wording', { method: 'PUT', json: wording })
