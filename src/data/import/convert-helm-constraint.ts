/**
 * A Helm chart's `kubeVersion` constraint (Masterminds semver: `>= 1.22.0-0 < 1.33.0-0`,
 * `^1.25`, `~1.25.0`, `1.2x`, `a || b`, commas as "and") in compat's grammar. Helm's `-0` suffix
 * only widens a bound to pre-releases, which imported evidence never covers, so it is dropped;
 * the rest converts exactly as npm-style ranges do, or is refused with a reason.
 */
import { type ConvertedRanges, convertRange } from './convert-range.ts'

/**
 * @example convertHelmConstraint('>= 1.22.0-0 < 1.33.0-0') // { ranges: ['>=1.22.0 <1.33.0'] }
 */
export function convertHelmConstraint(text: string): ConvertedRanges {
  const trimmed = text.trim()
  if (trimmed === '') return { error: 'the constraint is empty' }
  return convertRange(withoutPreZero(trimmed).replace(/\s*,\s*/g, ' '))
}

const PRE_ZERO = /(\d)-0(?=$|[\s,|])/g

/**
 * A range without its `-0` suffixes (`>=1.25.0-0`, `^18.0.0-0`): in Helm's and npm's ranges
 * they only let a bound admit pre-releases, which imported evidence never covers, so for
 * final releases the range means the same without them.
 */
export function withoutPreZero(range: string): string {
  return range.replace(PRE_ZERO, '$1')
}

/** Said in the note of an entry whose declaration had a `-0` suffix. */
export const PRE_ZERO_REMARK =
  'The -0 suffix only admits pre-releases, which this evidence does not cover.'

/** Whether the range has a `-0` suffix to drop. */
export function hasPreZero(range: string): boolean {
  return new RegExp(PRE_ZERO.source).test(range)
}
