import { RequestFailure, readErrorResponse } from '#core/api-error.ts'
import type { RowProblem } from '#core/errors.ts'
import { PROSPECT_FIELD_NAMES } from '#core/prospect-fields.ts'
import type { FieldErrors } from '#core/rep-api.ts'

/**
 * A refused request to the reps' API: a message a person can read, and what the answer says in
 * detail, field by field for a form (`fields`) or row by row for an import (`problems`).
 */
export class RepRequestFailure extends RequestFailure {
  override readonly name = 'RepRequestFailure'

  constructor(
    failure: RequestFailure,
    readonly fields: FieldErrors = {},
    readonly problems: RowProblem[] = [],
  ) {
    super(failure.code, failure.message, failure.status, { cause: failure })
  }
}

/**
 * Reads an error answer once, at the client boundary: `{ error: { code, message } }` through the
 * shared reader, then the details the same `error` may carry. Anything not of their shape is dropped.
 */
export async function readRepFailure(res: Response): Promise<RepRequestFailure> {
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null)
  const failure = await readErrorResponse(res)
  const error = isRecord(body) && isRecord(body.error) ? body.error : {}
  return new RepRequestFailure(failure, readFields(error.fields), readProblems(error.problems))
}

function readFields(value: unknown): FieldErrors {
  if (!isRecord(value)) return {}
  const fields: FieldErrors = {}
  for (const name of PROSPECT_FIELD_NAMES) {
    const message = value[name]
    if (typeof message === 'string' && message !== '') fields[name] = message
  }
  return fields
}

function readProblems(value: unknown): RowProblem[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (problem): problem is RowProblem =>
      isRecord(problem) && Number.isInteger(problem.line) && typeof problem.message === 'string',
  )
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
