/**
 * Compiles validated documents into the lookup structure the request path reads:
 * Maps only (so `__proto__` or `toString` are ordinary unknown keys), ranges parsed
 * ahead of time, versions sorted newest first. Nothing here runs per request.
 */
import { compareVersions } from '../version/compare-versions.ts'
import { parseRange, type Range } from '../version/parse-range.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import type { DependencyEntry, ProjectDocument } from './schema.ts'

export interface CompiledEntry {
  readonly key: string
  readonly entry: DependencyEntry
  readonly ranges: readonly Range[]
  readonly sameVersion: boolean
}

export interface CompiledVersion {
  readonly key: string
  readonly version: Version
  readonly dependencies: ReadonlyMap<string, CompiledEntry>
}

export interface CompiledProject {
  readonly document: ProjectDocument
  /** Newest first by the version ordering (docs/api.md, "Endpoints"). */
  readonly versions: readonly CompiledVersion[]
  readonly versionsByKey: ReadonlyMap<string, CompiledVersion>
}

export interface Dataset {
  /** Sorted by id. */
  readonly projects: ReadonlyMap<string, CompiledProject>
  readonly entryCount: number
}

/** Documents must have passed `validateDocument`; a range that does not parse here is a bug. */
export function buildDataset(documents: readonly ProjectDocument[]): Dataset {
  const sorted = [...documents].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const projects = new Map<string, CompiledProject>()
  let entryCount = 0
  for (const document of sorted) {
    const versions = Object.entries(document.versions)
      .map(([key, { dependencies }]): CompiledVersion => {
        const compiled = new Map<string, CompiledEntry>()
        for (const [dependencyKey, entry] of Object.entries(dependencies)) {
          compiled.set(dependencyKey, compileEntry(dependencyKey, entry))
        }
        entryCount += compiled.size
        return { key, version: mustParseVersion(key), dependencies: compiled }
      })
      .sort(newestFirst)
    projects.set(document.id, {
      document,
      versions,
      versionsByKey: new Map(versions.map((version) => [version.key, version])),
    })
  }
  return { projects, entryCount }
}

/** Equal versions of different length (`10` the line, `10.0` the release): the line first. */
function newestFirst(a: CompiledVersion, b: CompiledVersion): number {
  return (
    compareVersions(b.version, a.version) || a.version.release.length - b.version.release.length
  )
}

function compileEntry(key: string, entry: DependencyEntry): CompiledEntry {
  return {
    key,
    entry,
    ranges: entry.ranges.map((text) => {
      const parsed = parseRange(text)
      if ('error' in parsed) throw new Error(`unvalidated range '${text}': ${parsed.error}`)
      return parsed.range
    }),
    sameVersion: (entry.constraints ?? []).some((constraint) => constraint.type === 'same-version'),
  }
}

function mustParseVersion(key: string): Version {
  const version = parseVersion(key)
  if (version === null) throw new Error(`unvalidated version key '${key}'`)
  return version
}
