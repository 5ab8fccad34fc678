import type { Verdict } from './check-result.ts'

/**
 * The verdict of several checks (docs/api.md, "Results"): incompatible if any is; else unknown
 * if any is; else compatible. Combinations, versions and stacks all aggregate this way.
 *
 * @example aggregateVerdicts([{ compatible: 'compatible' }, { compatible: 'unknown' }]) // 'unknown'
 */
export function aggregateVerdicts(checks: readonly { readonly compatible: Verdict }[]): Verdict {
  let unknown = false
  for (const check of checks) {
    if (check.compatible === 'incompatible') return 'incompatible'
    if (check.compatible === 'unknown') unknown = true
  }
  return unknown ? 'unknown' : 'compatible'
}
