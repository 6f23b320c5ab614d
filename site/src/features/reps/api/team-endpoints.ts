import type {
  RepRole,
  TeamChange,
  TeamChangeResponse,
  TeamHistoryResponse,
  TeamLinkResponse,
  TeamResponse,
} from '#core/rep-api.ts'
import { requestRep } from './rep-client.ts'

/** The team page's requests (core/rep-api.ts, admins only), one function each. */

export const listTeam = (signal: AbortSignal) => requestRep<TeamResponse>('team', { signal })

export const inviteToTeam = (email: string, role: RepRole) =>
  requestRep<TeamLinkResponse>('team', { method: 'POST', json: { email, role } })

/** A new one-time link: a resend for someone without a password, else a reset. */
export const sendTeamLink = (id: string) =>
  requestRep<TeamLinkResponse>(`team/${encodeURIComponent(id)}/link`, { method: 'POST' })

export const changeTeamMember = (id: string, change: TeamChange) =>
  requestRep<TeamChangeResponse>(`team/${encodeURIComponent(id)}`, { method: 'PATCH', json: change })

export const getTeamHistory = (id: string, signal: AbortSignal) =>
  requestRep<TeamHistoryResponse>(`team/${encodeURIComponent(id)}/history`, { signal })
