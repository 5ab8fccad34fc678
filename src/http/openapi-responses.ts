/** Building blocks of each operation's OpenAPI `responses`, from the API's answer schemas. */

import { ProblemSchema } from '../api/problem.ts'
import { MAX_BODY_TEXT } from '../api/request-limits.ts'

const PROBLEM_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid parameters; `errors` names each one.',
  404: 'Unknown route or project.',
  405: 'Method not allowed on this path; see the Allow header.',
  413: `Body larger than ${MAX_BODY_TEXT}.`,
  415: 'Body not sent as application/json.',
  503: 'No dataset loaded yet, or the server is overloaded; see Retry-After.',
}

/** The problem responses an operation can give; every path also answers 405. */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  const all = [...new Set([...statuses, 405])].sort()
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Error.',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      },
    ]),
  )
}

/** A 200 (or other) answer with a JSON body. */
export function jsonResponse(description: string, schema: object): Record<string, unknown> {
  return { description, content: { 'application/json': { schema } } }
}

export const notModifiedResponse = {
  description: 'Not modified: the If-None-Match tag is current.',
  type: 'null',
}
