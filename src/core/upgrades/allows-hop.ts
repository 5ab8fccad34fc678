/**
 * Whether a project's documented upgrade rule lets a component move from its version to a key
 * in one hop (docs/api.md, "Upgrade paths").
 */
import type { Upgrades } from '../dataset/schema.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

/**
 * A hop goes up: to a key above the version. With `step: minor`, to a key of the same major
 * whose minor is at most one above; with `step: major`, to a key whose major is at most one
 * above; with `stops`, over no stop that lies strictly between the two. Without a rule, any
 * key above is one hop.
 *
 * @example allowsHop({ step: 'minor', … }, parseVersion('1.31.4'), parseVersion('1.33')) // false: 1.32 first
 */
export function allowsHop(upgrades: Upgrades | undefined, from: Version, to: Version): boolean {
  if (compareVersions(to, from) <= 0) return false
  if (upgrades === undefined) return true
  const [fromMajor = 0n, fromMinor = 0n] = from.release
  const [toMajor = 0n, toMinor = 0n] = to.release
  if (upgrades.step === 'minor' && (toMajor !== fromMajor || toMinor > fromMinor + 1n)) {
    return false
  }
  if (upgrades.step === 'major' && toMajor > fromMajor + 1n) return false
  for (const stop of upgrades.stops ?? []) {
    const line = parseVersion(stop)
    if (line !== null && compareVersions(line, from) > 0 && compareVersions(line, to) < 0) {
      return false
    }
  }
  return true
}

/** The rule in words, for a reason or a blocking answer: "one minor line at a time; stops at 16.3, 16.7". */
export function describeUpgradeRule(upgrades: Upgrades): string {
  const parts: string[] = []
  if (upgrades.step === 'minor') parts.push('one minor line at a time')
  if (upgrades.step === 'major') parts.push('one major version at a time')
  const stops = upgrades.stops ?? []
  if (stops.length > 0) parts.push(`required stops at ${stops.join(', ')}`)
  return parts.join('; ')
}
