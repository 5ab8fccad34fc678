import { isJsonObject } from '../../json/is-json-object.ts'
import { compareVersions } from '../../version/compare-versions.ts'
import { parseVersion, type Version } from '../../version/parse-version.ts'
import type { Fault } from '../fault.ts'
import { stringsAt } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/**
 * An upgrade rule says something: a step, stops, or both; each stop is a release line (a
 * version without a flavor or build), named once.
 */
export const upgradeRule: DocumentRule = (document) => {
  const upgrades = isJsonObject(document) ? document.upgrades : undefined
  if (!isJsonObject(upgrades)) return []
  const faults: Fault[] = []
  if (upgrades.step === undefined && upgrades.stops === undefined) {
    faults.push({ path: ['upgrades'], message: 'an upgrade rule needs a step, stops, or both' })
  }
  const seen: Version[] = []
  for (const [index, stop] of stringsAt(upgrades.stops)) {
    const version = parseVersion(stop)
    const path = ['upgrades', 'stops', index]
    if (version === null || version.flavor !== null || version.build !== null) {
      faults.push({ path, message: `stop '${stop}' is not a release line like 16.3` })
      continue
    }
    const twin = seen.find((other) => compareVersions(other, version) === 0)
    if (twin !== undefined) {
      faults.push({ path, message: `stop '${stop}' repeats '${twin.raw}'` })
    }
    seen.push(version)
  }
  return faults
}
