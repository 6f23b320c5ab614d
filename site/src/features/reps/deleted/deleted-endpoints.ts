import type { DeletedProspectListResponse, DeletedProspectResponse } from '#core/rep-api.ts'
import { requestRep } from '../api/rep-client.ts'

/** A page of the deleted prospects, the latest deletion first (`page` is the key: "1", "2"…). */
export const listDeletedProspects = (page: string, signal: AbortSignal) =>
  requestRep<DeletedProspectListResponse>(`deleted-prospects?page=${encodeURIComponent(page)}`, { signal })

/** One deleted prospect by its id: its last values, who deleted it and its history. */
export const getDeletedProspect = (id: string, signal: AbortSignal) =>
  requestRep<DeletedProspectResponse>(`deleted-prospects/${encodeURIComponent(id)}`, { signal })
