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
  const withoutPreZero = trimmed.replace(/(\d)-0(?=$|[\s,|])/g, '$1').replace(/\s*,\s*/g, ' ')
  return convertRange(withoutPreZero)
}
