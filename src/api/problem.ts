/**
 * Error answers are RFC 9457 problem details (docs/api.md, "Errors and limits"): their schema
 * and the one function that builds them, whoever reports the error.
 */
import { type Static, Type } from 'typebox'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export const ParameterErrorSchema = Type.Object(
  {
    name: Type.String({ description: 'The offending parameter (for a body, its field).' }),
    in: Type.Union(
      [Type.Literal('query'), Type.Literal('body'), Type.Literal('path'), Type.Literal('header')],
      {
        description: 'Where the parameter was sent.',
      },
    ),
    reason: Type.String({ description: 'What is wrong with it.' }),
  },
  { additionalProperties: false, description: 'One offending parameter.' },
)

export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      description: 'Problem type URI; about:blank: the status code says it all.',
    }),
    title: Type.String({ description: 'Short summary: the HTTP status phrase.' }),
    status: Type.Integer({ description: 'The HTTP status code, repeated.' }),
    detail: Type.String({ description: 'What went wrong with this request, in one sentence.' }),
    errors: Type.Optional(
      Type.Array(ParameterErrorSchema, {
        description: 'Each offending parameter, when there are any: at most 100, in order.',
        maxItems: 100,
      }),
    ),
    errorCount: Type.Optional(
      Type.Integer({
        description:
          'How many errors there are in all, when there are more than `errors` lists (a file posted as a stack can have millions).',
        minimum: 101,
      }),
    ),
  },
  { additionalProperties: false, description: 'RFC 9457 problem details.' },
)

export type ParameterLocation = Static<typeof ParameterErrorSchema>['in']
export type ParameterError = Static<typeof ParameterErrorSchema>
export type Problem = Static<typeof ProblemSchema>

/** The status phrases of every status this API answers with (RFC 9110 wording). */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/**
 * A problem lists at most this many errors, then how many there are in all (`errorCount`): a
 * 4 MiB file can have two million faults, and listing each made an answer of 188 MB.
 */
export const MAX_PROBLEM_ERRORS = 100

/**
 * `errorCount`: how many errors there are in all, when `errors` holds only the first.
 *
 * @example problem(404, 'No project "nope" is known.') // { type: 'about:blank', title: 'Not Found', … }
 */
export function problem(
  status: number,
  detail: string,
  errors?: readonly ParameterError[],
  errorCount = errors?.length ?? 0,
): Problem {
  const listed = errors === undefined ? [] : errors.slice(0, MAX_PROBLEM_ERRORS)
  const more = errorCount > listed.length && listed.length > 0
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: more
      ? `${detail.replace(/\.$/, '')}; the first ${listed.length} of ${errorCount} errors are listed.`
      : detail,
    ...(listed.length > 0 ? { errors: listed } : {}),
    ...(more ? { errorCount } : {}),
  }
}
