/**
 * Every route reads or refuses its query (docs/api.md, "Errors and limits"). A route whose
 * query Fastify does not validate — a POST route, whose validator is its body's, or a route
 * that takes no query — checks it here, before its body is validated: 400 naming every
 * parameter it does not take (or takes otherwise), with the body's own faults beside them, so
 * that one answer lists them all.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LazyValidateFunction } from '../api/lazy-validator.ts'
import { type SchemaError, toParameterErrors, UNKNOWN_PARAMETER } from '../api/parameter-errors.ts'
import type { ParameterError } from '../api/problem.ts'
import { validateNoQuery } from '../api/request-validator.ts'
import { sendBadRequest } from './send-problem.ts'

export type QueryValues = Record<string, string | string[] | undefined>

export interface QueryRules {
  /** The route's query schema, compiled (unknown parameters, repeats, value rules). */
  readonly validate: LazyValidateFunction
  /** Faults the schema cannot see: a date that is no calendar date, two parameters that clash. */
  readonly more?: (query: QueryValues, request: FastifyRequest) => readonly ParameterError[]
  /** The body's own faults, listed after the query's when the query has any. */
  readonly body?: (request: FastifyRequest) => readonly ParameterError[]
  /** The fields of the route's JSON body: one sent in the query is told where it belongs. */
  readonly bodyFields?: readonly string[]
}

/** Every fault of the request's query (none when it has no parameter: the usual request). */
export function queryFaults(request: FastifyRequest, rules: QueryRules): ParameterError[] {
  const query = request.query as QueryValues
  if (!hasParameters(query)) return []
  const { validate, more, bodyFields = [] } = rules
  const faults = validate(query)
    ? []
    : toParameterErrors(validate.errors as SchemaError[], 'query', query)
  return [
    ...faults.map((fault) =>
      fault.reason === UNKNOWN_PARAMETER && bodyFields.includes(fault.name)
        ? {
            ...fault,
            reason: 'is a field of the JSON body, not a query parameter: send it in the body',
          }
        : fault,
    ),
    ...(more?.(query, request) ?? []),
  ]
}

/** A `preValidation` hook: 400 with the query's faults (and the body's), or on to the route. */
export function checkQuery(
  rules: QueryRules = { validate: validateNoQuery },
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, reply, done) => {
    const faults = queryFaults(request, rules)
    if (faults.length === 0) {
      done()
      return
    }
    sendBadRequest(reply, [...faults, ...(rules.body?.(request) ?? [])])
  }
}

function hasParameters(query: QueryValues | null | undefined): boolean {
  if (query === null || query === undefined) return false
  for (const _ in query) return true
  return false
}
