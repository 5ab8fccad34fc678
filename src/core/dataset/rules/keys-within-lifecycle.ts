import { isJsonObject } from '../../json/is-json-object.ts'
import { compareNumberLists, compareVersions } from '../../version/compare-versions.ts'
import { parseVersion, type Version } from '../../version/parse-version.ts'
import type { Fault } from '../fault.ts'
import { lifecycleLines, stringsAt } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

/**
 * A project with support windows keeps them up with its releases: no final version key is
 * newer than its newest lifecycle line without a line of its own (docs/api.md, "Support
 * windows"). A key past the newest line has status `unknown` and cannot end a supported plan,
 * which is what a forgotten line looks like; a gap between older lines is left to the data's
 * notes (a line whose dates were never published is left out, not guessed). A line whose dates
 * no source gives yet is named under `undatedLines`, and its keys pass: said, not guessed.
 */
export const keysWithinLifecycle: DocumentRule = (document) => {
  if (!isJsonObject(document) || !isJsonObject(document.versions)) return []
  const lines: Version[] = []
  for (const { key } of lifecycleLines(document)) {
    const line = parseVersion(key)
    if (line !== null && line.flavor === null && line.build === null) lines.push(line)
  }
  const newest = lines.reduce<Version | null>(
    (best, line) => (best === null || compareVersions(line, best) > 0 ? line : best),
    null,
  )
  if (newest === null) return []
  const lifecycle = isJsonObject(document.lifecycle) ? document.lifecycle : {}
  const undated = stringsAt(lifecycle.undatedLines).flatMap(([, key]) => {
    const line = parseVersion(key)
    return line === null ? [] : [line]
  })
  const faults: Fault[] = []
  for (const key of Object.keys(document.versions)) {
    const version = parseVersion(key)
    if (version === null || version.pre !== null) continue
    if (
      compareVersions(version, newest) <= 0 ||
      lines.some((line) => covers(line, version)) ||
      undated.some((line) => covers(line, version))
    ) {
      continue
    }
    faults.push({
      path: ['versions', key],
      message: `final version '${key}' is newer than the newest lifecycle line ('${newest.raw}'): add its release line to lifecycle.lines from the project's own support policy (or, when no source gives its dates, name it under lifecycle.undatedLines)`,
    })
  }
  return faults
}

/** A line covers the versions whose release starts with its parts (`1.34` covers `1.34.2`). */
function covers(line: Version, version: Version): boolean {
  return (
    line.release.length <= version.release.length &&
    compareNumberLists(version.release.slice(0, line.release.length), line.release) === 0
  )
}
