import { isJsonObject } from '../../json/is-json-object.ts'
import { compareVersions } from '../../version/compare-versions.ts'
import { parseVersion, type Version } from '../../version/parse-version.ts'
import type { Fault } from '../fault.ts'
import { lifecycleLines, stringsAt } from '../walk-document.ts'
import { isCalendarDate } from './calendar-dates.ts'
import type { DocumentRule } from './rule.ts'

const END_FIELDS = ['activeSupportUntil', 'supportUntil', 'extendedSupportUntil'] as const

/**
 * A lifecycle line's key is a release line (a version without a flavor or build, spelled once),
 * and it came out on or before each of its end dates. An undated line is a release line too,
 * named once and not also under `lines`.
 */
export const lifecycleLinesRule: DocumentRule = (document) => {
  const faults: Fault[] = []
  const seen: Version[] = []
  for (const { key, line, path } of lifecycleLines(document)) {
    const version = parseVersion(key)
    if (version === null || version.flavor !== null || version.build !== null) {
      faults.push({ path, message: `release line '${key}' is not a version like 1.34 or 2024.04` })
    } else {
      const twin = seen.find(
        (other) =>
          other.release.length === version.release.length && compareVersions(other, version) === 0,
      )
      if (twin !== undefined) {
        faults.push({
          path,
          message: `release line '${key}' duplicates '${twin.raw}' (the same line spelled differently)`,
        })
      }
      seen.push(version)
    }
    const released = line.released
    if (typeof released !== 'string' || !isCalendarDate(released)) continue
    for (const field of END_FIELDS) {
      const end = line[field]
      if (typeof end === 'string' && isCalendarDate(end) && end < released) {
        faults.push({
          path: [...path, field],
          message: `${field} ${end} is before the line was released (${released})`,
        })
      }
    }
  }
  faults.push(...undatedLineFaults(document, seen))
  return faults
}

function undatedLineFaults(document: unknown, dated: readonly Version[]): Fault[] {
  const lifecycle = isJsonObject(document) ? document.lifecycle : undefined
  if (!isJsonObject(lifecycle)) return []
  const faults: Fault[] = []
  const seen: Version[] = []
  for (const [index, key] of stringsAt(lifecycle.undatedLines)) {
    const path = ['lifecycle', 'undatedLines', index]
    const version = parseVersion(key)
    if (version === null || version.flavor !== null || version.build !== null) {
      faults.push({ path, message: `release line '${key}' is not a version like 1.34 or 2024.04` })
      continue
    }
    const same = (other: Version) =>
      other.release.length === version.release.length && compareVersions(other, version) === 0
    const twin = seen.find(same)
    const datedTwin = dated.find(same)
    if (twin !== undefined) {
      faults.push({ path, message: `undated line '${key}' repeats '${twin.raw}'` })
    } else if (datedTwin !== undefined) {
      faults.push({
        path,
        message: `undated line '${key}' has its dates under lines ('${datedTwin.raw}'): take it off undatedLines`,
      })
    }
    seen.push(version)
  }
  return faults
}
