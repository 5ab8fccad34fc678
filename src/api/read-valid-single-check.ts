/**
 * The single check as most clients send it, read straight from the raw query string: the four
 * parameters once each, in any order, with values that need no decoding and obey the value
 * rules. Anything else (another parameter, a repeat, percent-encoding, `+`, an invalid value,
 * the combination form) returns null, and the full validation of the request schema decides —
 * so both ways of reading a query always agree on what they accept.
 */
import type { CheckRequest } from '../core/check/evaluate-check.ts'
import { MAX_VALUE_LENGTH } from './request-limits.ts'

// What a value may hold to be taken as written: the query characters of RFC 3986 that no
// parser decodes or splits on ('%', '+', '&', '#' and anything non-ASCII are left out), so it
// contains no control character either.
const PLAIN_VALUE = /^[A-Za-z0-9._~!$'()*,;:@/?=-]+$/

/**
 * @example readValidSingleCheck('project=django&version=5.1&dependency=python&dependencyVersion=3.12')
 * // { project: 'django', version: '5.1', dependency: 'python', dependencyVersion: '3.12' }
 * @example readValidSingleCheck('project=django&version=5.1') // null: not a single check
 */
export function readValidSingleCheck(query: string): CheckRequest | null {
  let project: string | undefined
  let version: string | undefined
  let dependency: string | undefined
  let dependencyVersion: string | undefined
  let start = 0
  for (let count = 0; count < 4; count++) {
    const end = query.indexOf('&', start)
    const pair = end === -1 ? query.slice(start) : query.slice(start, end)
    const equals = pair.indexOf('=')
    if (equals <= 0) return null
    const value = pair.slice(equals + 1)
    if (value.length > MAX_VALUE_LENGTH || !PLAIN_VALUE.test(value)) return null
    switch (pair.slice(0, equals)) {
      case 'project':
        if (project !== undefined) return null
        project = value
        break
      case 'version':
        if (version !== undefined) return null
        version = value
        break
      case 'dependency':
        if (dependency !== undefined) return null
        dependency = value
        break
      case 'dependencyVersion':
        if (dependencyVersion !== undefined) return null
        dependencyVersion = value
        break
      default:
        return null
    }
    if (end === -1) {
      if (count !== 3) return null
      break
    }
    if (count === 3) return null
    start = end + 1
  }
  if (
    project === undefined ||
    version === undefined ||
    dependency === undefined ||
    dependencyVersion === undefined
  ) {
    return null
  }
  return { project, version, dependency, dependencyVersion }
}
