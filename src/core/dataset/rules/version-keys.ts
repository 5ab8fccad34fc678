import { compareVersions } from '../../version/compare-versions.ts'
import { parseVersion, type Version } from '../../version/parse-version.ts'
import type { Fault } from '../fault.ts'
import { versionKeys } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/** Project version keys are versions (so they can be listed newest first); no two spell the same version (`5.1` and `v5.1`, `05.1`). `10` (a line) and `10.0` (a release) may both appear. */
export const versionKeysRule: DocumentRule = (document) => {
  const faults: Fault[] = []
  const parsed: Version[] = []
  for (const key of versionKeys(document)) {
    const version = parseVersion(key)
    if (version === null) {
      faults.push({ path: ['versions', key], message: `version key '${key}' is not a version` })
      continue
    }
    if (version.flavor !== null || version.build !== null) {
      faults.push({
        path: ['versions', key],
        message: `version key '${key}' carries a flavor or build suffix`,
      })
    }
    const twin = parsed.find(
      (other) =>
        other.release.length === version.release.length && compareVersions(other, version) === 0,
    )
    if (twin !== undefined) {
      faults.push({
        path: ['versions', key],
        message: `version key '${key}' duplicates '${twin.raw}' (the same version spelled differently)`,
      })
    }
    parsed.push(version)
  }
  return faults
}
