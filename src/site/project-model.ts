/**
 * A project document as the pages use it: versions in order, dependency keys collected, since
 * keys resolved over their line's key (by the core's own lookup, docs/api.md "Since keys"),
 * and which dependency keys link to catalogued projects.
 */

import type {
  DependencyEntry,
  ProjectDocument,
  ProjectIndexEntry,
} from '../api/response-schemas.ts'
import { entriesOf, findVersion } from '../core/check/find-version.ts'
import type {
  CompiledEntry,
  CompiledProject,
  CompiledVersion,
  Dataset,
} from '../core/dataset/build-dataset.ts'
import { parseVersion } from '../core/version/parse-version.ts'

export interface Project {
  readonly document: ProjectDocument
  /** Newest first, in the server's version ordering. */
  readonly versions: readonly string[]
  /** Dependency keys of every version, in order of first appearance, newest version first. */
  readonly dependencyKeys: readonly string[]
  /** Dependency key → the id of the catalogued project it names (its id or an alias). */
  readonly links: ReadonlyMap<string, string>
  /** The document's keys as the core's lookup reads them. */
  readonly compiled: CompiledProject
}

/** What a version key answers with: its own entries, or its line's with since keys over them. */
export interface ResolvedKey {
  /** The key without since under it; null when none covers the since key. */
  readonly base: string | null
  /** The since keys laid over the base, oldest first (the key itself last); empty for a plain key. */
  readonly since: readonly string[]
  /** Each dependency's entry, and the key it comes from. */
  readonly entries: ReadonlyMap<string, { readonly entry: DependencyEntry; readonly from: string }>
}

// The page resolves keys within one document: links to other projects are not followed here.
const NO_OTHER_PROJECTS: Dataset = {
  projects: new Map(),
  aliases: new Map(),
  entryCount: 0,
  names: new Map(),
}

/**
 * The document's JSON lists versions newest first, but JSON.parse moves integer-like keys
 * ("12", "11") ahead of the others, so the order comes from the project index.
 */
export function toProject(
  document: ProjectDocument,
  indexOrder: readonly string[],
  index: readonly ProjectIndexEntry[] = [],
): Project {
  const keys = Object.keys(document.versions)
  const versions = [
    ...indexOrder.filter((version) => Object.hasOwn(document.versions, version)),
    ...keys.filter((version) => !indexOrder.includes(version)),
  ]
  const dependencyKeys = new Set<string>()
  for (const version of versions) {
    for (const key of dependencyKeysOf(document, version)) dependencyKeys.add(key)
  }
  const names = new Map<string, string>()
  for (const entry of index) {
    names.set(entry.id, entry.id)
    for (const alias of entry.aliases ?? []) names.set(alias, entry.id)
  }
  const links = new Map<string, string>()
  for (const key of dependencyKeys) {
    const linked = names.get(key)
    if (linked !== undefined) links.set(key, linked)
  }
  return {
    document,
    versions,
    dependencyKeys: [...dependencyKeys],
    links,
    compiled: compile(document, versions),
  }
}

/** The index entry of the project known by this id or alias. */
export function indexEntryOf(
  index: readonly ProjectIndexEntry[],
  idOrAlias: string,
): ProjectIndexEntry | undefined {
  return index.find((entry) => entry.id === idOrAlias || (entry.aliases ?? []).includes(idOrAlias))
}

export function dependencyKeysOf(document: ProjectDocument, version: string): string[] {
  return Object.hasOwn(document.versions, version)
    ? Object.keys(document.versions[version]?.dependencies ?? {})
    : []
}

/** The entry of one dependency on one version; own keys only (`constructor` is just a name). */
export function entryOf(project: Project, version: string, key: string): DependencyEntry | null {
  if (!Object.hasOwn(project.document.versions, version)) return null
  const dependencies = project.document.versions[version]?.dependencies ?? {}
  return Object.hasOwn(dependencies, key) ? (dependencies[key] ?? null) : null
}

/** Whether a version key is a since key (docs/api.md, "Since keys"). */
export function isSinceKey(project: Project, version: string): boolean {
  return project.compiled.versionsByKey.get(version)?.since === true
}

/**
 * A key as line lookup answers it: a since key with its line's key under it and the earlier
 * since keys of the line; a plain key alone.
 *
 * @example resolveKey(django, '5.2.8') // base 5.2, since ['5.2.8'], python from 5.2.8, the rest from 5.2
 */
export function resolveKey(project: Project, version: string): ResolvedKey {
  const found = project.compiled.versionsByKey.has(version)
    ? findVersion(NO_OTHER_PROJECTS, project.compiled, version, 'line')
    : null
  const entries = new Map<string, { entry: DependencyEntry; from: string }>()
  if (found === null) return { base: null, since: [], entries }
  const since = found.overlay?.since ?? []
  const base = found.overlay === null ? found.version : found.overlay.base
  for (const [key, compiled] of entriesOf(found)) {
    entries.set(key, { entry: compiled.entry, from: fromKey(since, base, key) })
  }
  return {
    base: found.overlay === null ? found.version.key : (found.overlay.base?.key ?? null),
    since: found.overlay?.since.map((key) => key.key) ?? [],
    entries,
  }
}

/** The newest key among the since keys (else the base) that names the dependency. */
function fromKey(
  since: readonly CompiledVersion[],
  base: CompiledVersion | null,
  key: string,
): string {
  for (let index = since.length - 1; index >= 0; index--) {
    const version = since[index] as CompiledVersion
    if (version.dependencies.has(key)) return version.key
  }
  return base?.key ?? ''
}

/** The document's keys in the shape the core's lookup reads (ranges are not needed there). */
function compile(document: ProjectDocument, newestFirst: readonly string[]): CompiledProject {
  const versions: CompiledVersion[] = []
  for (const key of newestFirst) {
    const version = parseVersion(key)
    if (version === null) continue
    const documented = document.versions[key]
    const dependencies = new Map<string, CompiledEntry>()
    for (const [name, entry] of Object.entries(documented?.dependencies ?? {})) {
      dependencies.set(name, {
        key: name,
        entry,
        ranges: [],
        sameVersion: false,
        testedOnly: false,
      })
    }
    versions.push({ key, version, since: documented?.since === true, dependencies })
  }
  return {
    document,
    versions,
    versionsByKey: new Map(versions.map((version) => [version.key, version])),
    sinceKeys: versions.filter((version) => version.since).reverse(),
  }
}

/** Ranges as written, then constraints in words: "3.10, 3.11" or "same version (9.2.2)". */
export function documentedRule(entry: DependencyEntry, version: string): string {
  const parts = [...entry.ranges]
  for (const constraint of entry.constraints ?? []) {
    parts.push(constraint.type === 'same-version' ? `same version (${version})` : constraint.type)
  }
  return parts.length === 0 ? 'no documented range' : parts.join(', ')
}

/** "and later 5.2 releases": what a since key covers beyond its own release. */
export function sinceText(version: string): string {
  const line = version.split('.').slice(0, -1).join('.')
  return `${version} and later ${line} releases`
}

/** The id of the evidence entry on the project page: stable, so other pages can link to it. */
export function evidenceAnchor(version: string, key: string): string {
  return `evidence/${version}/${key}`
}
