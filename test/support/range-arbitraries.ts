/**
 * fast-check arbitraries of release versions and the range texts docs/api.md ("Ranges") allows
 * over them, shared by the properties of range intervals and of the support charts.
 */
import fc from 'fast-check'
import { parseRange } from '../../src/core/version/parse-range.ts'

/** A release of one to three small parts: `0`, `1.4`, `2.0.3`. */
export const release = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('.'))

const operator = fc.constantFrom('>=', '>', '<=', '<', '=', '!=')

/** A valid range: a bare release, a pre-release, or one to three bounds. */
export const rangeText = fc
  .oneof(
    release,
    release.map((text) => `${text}rc1`),
    fc
      .array(fc.tuple(operator, release), { minLength: 1, maxLength: 3 })
      .map((bounds) => bounds.map(([op, version]) => `${op}${version}`).join(' ')),
  )
  .filter((text) => 'range' in parseRange(text))
