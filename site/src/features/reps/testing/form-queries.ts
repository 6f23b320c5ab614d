import { fireEvent, screen } from '@testing-library/react'
import type { PendingRequest } from '../../../testing/fake-fetch.ts'
import { answer, pending, TEMPLATES_ANSWER } from './rep-fixtures.ts'

/** The form control labelled `label` (a text field, a text area or a select). */
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

/** Types `value` into the field labelled `label`, or picks it in the select so labelled. */
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

/** The text of everything the field is described by: its hint, its status and its error. */
export const description = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')

/** The requests that change something. */
export const writes = (requests: PendingRequest[]) => requests.filter((request) => request.method !== 'GET')

/** Answers the page's `GET templates` with the fixtures' general and dental templates. */
export const answerTemplates = (requests: PendingRequest[]) =>
  answer(pending(requests, '/api/reps/templates'), Response.json(TEMPLATES_ANSWER))
