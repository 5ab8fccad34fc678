/**
 * What to read before a step of an upgrade path (docs/api.md, "Upgrade notes"): the upgrade
 * notes of every documented key the step passes over or lands on. A move from 2.14 to 3.1 asks
 * for 3.0's notes as well as 3.1's, as the projects' own guides say.
 */
import type { ProjectDocument, UpgradeNote } from '../dataset/schema.ts'
import { compareNumberLists, compareVersions } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

/**
 * The notes of the keys above `from` up to and including `to`, lowest key first, each note once:
 * one that repeats an earlier note's title and address is left out, while notes of several keys
 * at one address under their own titles (the rows of one table) are each kept. Keys inside `from`'s own series (`1.24.1` when moving from `1.24`, which names the
 * whole line) are where the component may already be: not passed over. A component that
 * joins (`from` null) is installed, not upgraded: no notes. Pre-release keys count only when
 * the step lands on one.
 *
 * @example stepNotes(argoCd, '2.14', '3.1') // the 3.0 notes, then the 3.1 notes
 */
export function stepNotes(
  document: ProjectDocument | undefined,
  from: string | null,
  to: string,
): UpgradeNote[] {
  const low = from === null ? null : parseVersion(from)
  const high = parseVersion(to)
  if (document === undefined || low === null || high === null) return []
  const passed: { readonly version: Version; readonly notes: readonly UpgradeNote[] }[] = []
  for (const [key, version] of Object.entries(document.versions)) {
    const notes = version.upgradeNotes
    const parsed = parseVersion(key)
    if (notes === undefined || parsed === null) continue
    if (compareVersions(parsed, low) <= 0 || compareVersions(parsed, high) > 0) continue
    if (parsed.pre !== null && compareVersions(parsed, high) !== 0) continue
    if (withinSeries(parsed, low)) continue
    passed.push({ version: parsed, notes })
  }
  passed.sort((a, b) => compareVersions(a.version, b.version))
  const seen = new Set<string>()
  const notes: UpgradeNote[] = []
  for (const note of passed.flatMap((key) => key.notes)) {
    const identity = `${note.url}\n${note.title}`
    if (seen.has(identity)) continue
    seen.add(identity)
    notes.push({ title: note.title, url: note.url })
  }
  return notes
}

/** `1.24.1` is within the series `1.24`; `1.12.1` is not within `1.12.0`. */
function withinSeries(version: Version, series: Version): boolean {
  return (
    version.release.length > series.release.length &&
    compareNumberLists(version.release.slice(0, series.release.length), series.release) === 0
  )
}
