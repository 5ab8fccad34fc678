/** The optional `date` of a support question in a query: its fault, named, for a 400. */
import type { ParameterError } from '../api/problem.ts'
import { dateFault } from '../api/read-date.ts'

export function dateParameterErrors(date: string | undefined): ParameterError[] {
  const fault = date === undefined ? null : dateFault(date)
  return fault === null ? [] : [{ name: 'date', in: 'query', reason: fault }]
}
