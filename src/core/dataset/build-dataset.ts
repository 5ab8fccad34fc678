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
  /** The ranges list only versions the source tested: a miss is unknown, not incompatible. */
  readonly testedOnly: boolean
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
  /** Every alias, to the project it names. */
  readonly aliases: ReadonlyMap<string, CompiledProject>
  readonly entryCount: number
}

/**
 * The project an id or an alias names (docs/api.md, "Aliases").
 *
 * @example findProject(dataset, 'cnpg') // the cloudnative-pg project
 */
export function findProject(dataset: Dataset, idOrAlias: string): CompiledProject | undefined {
  return dataset.projects.get(idOrAlias) ?? dataset.aliases.get(idOrAlias)
}

/** Documents must have passed `validateDocument`; a range that does not parse here is a bug. */
export function buildDataset(documents: readonly ProjectDocument[]): Dataset {
  const sorted = [...documents].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const projects = new Map<string, CompiledProject>()
  const aliases = new Map<string, CompiledProject>()
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
    const project: CompiledProject = {
      document,
      versions,
      versionsByKey: new Map(versions.map((version) => [version.key, version])),
    }
    projects.set(document.id, project)
    for (const alias of document.aliases ?? []) aliases.set(alias, project)
  }
  return { projects, aliases, entryCount }
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
    testedOnly: entry.basis === 'tested',
  }
}

function mustParseVersion(key: string): Version {
  const version = parseVersion(key)
  if (version === null) throw new Error(`unvalidated version key '${key}'`)
  return version
}
