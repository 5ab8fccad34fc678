/**
 * Where a blocked package could move: its lowest published release above the current one
 * whose declared range admits the target, and its newest such release (above or below). Only
 * final releases that are neither deprecated nor yanked count; a release that declares
 * nothing for the target admits it.
 */
import type { PublishedRelease } from './declarations.ts'
import { declaredRange } from './declared-range.ts'
import type { EcosystemRules } from './ecosystem-rules.ts'
import type { ReadinessTarget } from './readiness-target.ts'

export interface AdmittingReleases {
  readonly lowestAdmitting: string | null
  readonly newestAdmitting: string | null
}

/** @example admittingReleases(releases, '18.3.1', react19, rulesOf('npm')) // { lowestAdmitting: '19.0.0', … } */
export function admittingReleases(
  releases: readonly PublishedRelease[],
  current: string,
  target: ReadinessTarget,
  rules: EcosystemRules,
): AdmittingReleases {
  let lowest: string | null = null
  let newest: string | null = null
  const currentKnown = rules.isVersion(current)
  for (const release of releases) {
    if (releaseAdmits(release, target, rules) !== true) continue
    const { version } = release
    if (newest === null || rules.compare(version, newest) > 0) newest = version
    const above = !currentKnown || rules.compare(version, current) > 0
    if (above && (lowest === null || rules.compare(version, lowest) < 0)) lowest = version
  }
  return { lowestAdmitting: lowest, newestAdmitting: newest }
}

/**
 * True when the release is one to move to and admits the target; false when it is one and
 * does not; null when it is none to move to or what it declares is unknown or unreadable.
 */
export function releaseAdmits(
  release: PublishedRelease,
  target: ReadinessTarget,
  rules: EcosystemRules,
): boolean | null {
  const { version, declarations } = release
  if (release.withdrawn || !rules.isVersion(version) || rules.isPreRelease(version)) return null
  if (declarations === null) return null
  const declared = declaredRange(declarations, target)
  if ('fault' in declared) return null
  if (declared.range === null) return true
  const judged = rules.judge(declared.range, target.judged)
  return 'fault' in judged ? null : judged.admits
}
