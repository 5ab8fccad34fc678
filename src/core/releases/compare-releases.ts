/**
 * What a project has released that its document does not cover (data/README.md, "Where
 * releases are published"): pure, from the document's keys and the upstream's version strings.
 */
import type { CompiledProject } from '../dataset/build-dataset.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { inSeries } from '../version/match-range.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

export interface ReleaseComparison {
  /** The newest documented key that is a final release; null when there is none. */
  readonly newestDocumented: string | null
  /** The newest final release upstream; null when it has none. */
  readonly newestRelease: string | null
  /** Release lines newer than every documented key, newest first, each its newest release. */
  readonly newerLines: readonly ReleaseLine[]
  /** Lines between the oldest and the newest documented key that no key covers, newest first. */
  readonly missingLines: readonly ReleaseLine[]
}

export interface ReleaseLine {
  /** The line, written as the document writes its keys (`1.28`, or `31` for majors). */
  readonly line: string
  /** Its newest release. */
  readonly newest: string
}

/**
 * Compares a project's keys with its upstream releases, line by line. A line is as deep as
 * most of the project's own keys (`1.27` for a document keyed by minor lines, `31` for one keyed
 * by majors); a line is covered when a key lies in it or it lies in a key (`31` covers `31.0`).
 * Pre-releases and texts that are not versions are left out on both sides.
 *
 * @example compareReleases(certManager, ['v1.21.2', 'v1.22.0']) // newerLines: [{ line: '1.22', newest: '1.22.0' }]
 */
export function compareReleases(
  project: CompiledProject,
  releases: readonly string[],
): ReleaseComparison {
  const keys = project.versions.filter((key) => key.version.pre === null).map((key) => key.version)
  const finals = releases
    .map((raw) => parseVersion(raw))
    .filter((version): version is Version => version !== null && isFinal(version))
    .sort((a, b) => compareVersions(b, a))
  const newestKey = keys[0] ?? null
  const oldestKey = keys.at(-1) ?? null
  const depth = lineDepth(project)
  const lines = new Map<string, { line: Version; newest: Version }>()
  for (const release of finals) {
    const text = lineOf(release, depth)
    if (!lines.has(text)) lines.set(text, { line: parseVersion(text) as Version, newest: release })
  }
  const covered = (line: Version) => keys.some((key) => inSeries(key, line) || inSeries(line, key))
  const newerLines: ReleaseLine[] = []
  const missingLines: ReleaseLine[] = []
  for (const [text, { line, newest }] of lines) {
    if (covered(line)) continue
    const entry = { line: text, newest: releaseText(newest) }
    if (newestKey === null || compareVersions(line, newestKey) > 0) newerLines.push(entry)
    else if (oldestKey !== null && compareVersions(line, oldestKey) > 0) missingLines.push(entry)
  }
  return {
    newestDocumented: newestKey?.raw ?? null,
    newestRelease: finals[0] === undefined ? null : releaseText(finals[0]),
    newerLines,
    missingLines,
  }
}

/**
 * The version a GitHub tag names: the first group of `tagPattern` when it matches, else — with
 * no pattern — the tag itself when it reads as a final release (`v1.2.3`, `1.2`); else null.
 *
 * @example versionOfTag('v1.30.2') // '1.30.2'
 * @example versionOfTag('chart-2.1.0', '^chart-(\\d+\\.\\d+\\.\\d+)$') // '2.1.0'
 */
export function versionOfTag(tag: string, tagPattern?: string): string | null {
  if (tagPattern !== undefined) {
    const group = new RegExp(tagPattern).exec(tag)?.[1]
    return group === undefined ? null : group
  }
  const version = parseVersion(tag)
  return version !== null && isFinal(version) ? releaseText(version) : null
}

/** A final release: no pre-release, no flavor (`-alpine`, `-rc1` written as a flavor), no build. */
function isFinal(version: Version): boolean {
  return version.pre === null && version.flavor === null && version.build === null
}

function releaseText(version: Version): string {
  return version.release.join('.') + (version.post === null ? '' : `.post${version.post}`)
}

/** The number of release parts most of the project's own keys have (since keys aside). */
function lineDepth(project: CompiledProject): number {
  const counts = new Map<number, number>()
  for (const key of project.versions) {
    if (key.since || key.version.pre !== null) continue
    const parts = key.version.release.length
    counts.set(parts, (counts.get(parts) ?? 0) + 1)
  }
  let depth = 2
  let most = 0
  for (const [parts, count] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (count > most) {
      depth = parts
      most = count
    }
  }
  return depth
}

function lineOf(version: Version, depth: number): string {
  return Array.from({ length: depth }, (_, index) => version.release[index] ?? 0n).join('.')
}
