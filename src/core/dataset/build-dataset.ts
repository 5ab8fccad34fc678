/**
 * Compiles validated documents into the lookup structure the request path reads: Maps only
 * (so `__proto__` or `toString` are ordinary unknown keys), ranges parsed ahead of time,
 * versions sorted newest first. Nothing here runs per request but a lazy dataset's first look
 * at a project, once.
 *
 * Large datasets repeat themselves — the same relationship, note, source or range on many
 * entries — so the builder keeps one copy of each (interning): memory grows with what is
 * different, not with what is repeated. Projects are compiled one at a time, so a caller can
 * compile between other work (requests) rather than in one long pause.
 */

import { compareVersions } from '../version/compare-versions.ts'
import { parseRange, type Range } from '../version/parse-range.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import type { ProjectPurlKeys } from './project-purls.ts'
import type { DependencyEntry, ProjectDocument, Source } from './schema.ts'

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
  /**
   * A since key (docs/api.md, "Since keys"): it documents its release and the later ones of
   * its line, laid over the line's own key by line lookup.
   */
  readonly since: boolean
  readonly dependencies: ReadonlyMap<string, CompiledEntry>
}

export interface CompiledProject {
  readonly document: ProjectDocument
  /** Newest first by the version ordering (docs/api.md, "Versions"). */
  readonly versions: readonly CompiledVersion[]
  readonly versionsByKey: ReadonlyMap<string, CompiledVersion>
  /** The since keys, oldest first: the order line lookup lays them over a base. */
  readonly sinceKeys: readonly CompiledVersion[]
}

export interface Dataset {
  /** Sorted by id. */
  readonly projects: ReadonlyMap<string, CompiledProject>
  /** Every alias, to the project it names. */
  readonly aliases: ReadonlyMap<string, CompiledProject>
  readonly entryCount: number
  /** Every id and alias, to its project's id: names without compiling a project. */
  readonly names: ReadonlyMap<string, string>
  /**
   * Each project's purls, as they compare, when known before its document is read (a lazily
   * compiled dataset's, from its files' summaries); matching reads the documents otherwise.
   */
  readonly purlKeys?: ReadonlyMap<string, ProjectPurlKeys>
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
  const builder = new DatasetBuilder()
  for (const document of documents) builder.add(document)
  return builder.finish()
}

/** A validated project not read yet: what a lazy dataset needs to know before it is. */
export interface DeferredDocument {
  readonly id: string
  readonly aliases: readonly string[]
  readonly entryCount: number
  /** Its purls, as they compare: the dataset indexes them before any document is read. */
  readonly purls?: ProjectPurlKeys
  /** The document, read when the project is first looked at. */
  readonly load: () => ProjectDocument
}

/**
 * A dataset whose projects are read and compiled when first looked at: for a one-off question
 * (the CLI's offline check) about one project of many, and for a server, which then answers
 * before it has read every document (it compiles the rest between requests).
 *
 * @example buildLazily(deferred).projects.get('django') // read and compiled now, once
 */
export function buildLazily(deferred: readonly DeferredDocument[]): Dataset {
  const builder = new DatasetBuilder()
  const sorted = [...deferred].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const projects = new LazyProjects(sorted, (document) => builder.compile(document))
  const entryCount = sorted.reduce((sum, project) => sum + project.entryCount, 0)
  const purlKeys = new Map<string, ProjectPurlKeys>()
  for (const { id, purls } of sorted) if (purls !== undefined) purlKeys.set(id, purls)
  const names = new Map<string, string>(sorted.map(({ id }) => [id, id]))
  for (const { id, aliases } of sorted) for (const alias of aliases) names.set(alias, id)
  const aliases = new LazyAliases(sorted, projects)
  return purlKeys.size === sorted.length
    ? { projects, aliases, entryCount, names, purlKeys }
    : { projects, aliases, entryCount, names }
}

/** A map of compiled projects that compiles each when first read: the iteration over `entries()`. */
abstract class LazyMap implements ReadonlyMap<string, CompiledProject> {
  abstract get size(): number
  abstract has(key: string): boolean
  abstract get(key: string): CompiledProject | undefined
  abstract keys(): MapIterator<string>
  abstract entries(): MapIterator<[string, CompiledProject]>

  *values(): MapIterator<CompiledProject> {
    for (const [, project] of this.entries()) yield project
  }

  [Symbol.iterator](): MapIterator<[string, CompiledProject]> {
    return this.entries()
  }

  forEach(
    callback: (
      value: CompiledProject,
      key: string,
      map: ReadonlyMap<string, CompiledProject>,
    ) => void,
  ): void {
    for (const [key, project] of this.entries()) callback(project, key, this)
  }
}

class LazyProjects extends LazyMap {
  // By id, in id order: a project's loader until it is compiled, then the compiled project (a
  // loader may hold the document's text, which must go once it is compiled), or the error its
  // compiling threw, thrown again on every later look rather than compiled again.
  readonly #projects = new Map<string, CompiledProject | DeferredDocument['load'] | Error>()
  readonly #compile: (document: ProjectDocument) => CompiledProject

  constructor(
    deferred: readonly DeferredDocument[],
    compile: (document: ProjectDocument) => CompiledProject,
  ) {
    super()
    for (const project of deferred) this.#projects.set(project.id, project.load)
    this.#compile = compile
  }

  get size(): number {
    return this.#projects.size
  }

  has(id: string): boolean {
    return this.#projects.has(id)
  }

  /** Throws, each time, what compiling the project threw: a bug, since what validates compiles. */
  get(id: string): CompiledProject | undefined {
    const known = this.#projects.get(id)
    if (known instanceof Error) throw known
    if (typeof known !== 'function') return known
    try {
      const project = this.#compile(known())
      this.#projects.set(id, project)
      return project
    } catch (error) {
      const failure = new Error(`project '${id}' cannot be compiled: ${(error as Error).message}`, {
        cause: error,
      })
      this.#projects.set(id, failure)
      throw failure
    }
  }

  *keys(): MapIterator<string> {
    yield* this.#projects.keys()
  }

  *entries(): MapIterator<[string, CompiledProject]> {
    for (const id of this.#projects.keys()) yield [id, this.get(id) as CompiledProject]
  }
}

class LazyAliases extends LazyMap {
  readonly #targets = new Map<string, string>()
  readonly #projects: LazyProjects

  constructor(deferred: readonly DeferredDocument[], projects: LazyProjects) {
    super()
    this.#projects = projects
    for (const project of deferred) {
      for (const alias of project.aliases) this.#targets.set(alias, project.id)
    }
  }

  get size(): number {
    return this.#targets.size
  }

  has(alias: string): boolean {
    return this.#targets.has(alias)
  }

  get(alias: string): CompiledProject | undefined {
    const id = this.#targets.get(alias)
    return id === undefined ? undefined : this.#projects.get(id)
  }

  *keys(): MapIterator<string> {
    yield* this.#targets.keys()
  }

  *entries(): MapIterator<[string, CompiledProject]> {
    for (const [alias, id] of this.#targets)
      yield [alias, this.#projects.get(id) as CompiledProject]
  }
}

const NO_STRINGS: readonly string[] = Object.freeze([])
const NO_SOURCES: readonly Source[] = Object.freeze([])

type Writable<T> = { -readonly [K in keyof T]: T[K] }

interface SharedSource {
  readonly source: Source
  /** Short and unique within the builder: list keys are made of these. */
  readonly id: string
  /** The list of this source alone, shared by every entry that cites only it. */
  readonly alone: readonly Source[]
}

export class DatasetBuilder {
  readonly #projects: CompiledProject[] = []
  #entryCount = 0
  readonly #strings = new Map<string, string>()
  // By URL, then title and date: no key string is built per source read.
  readonly #sources = new Map<string, SharedSource[]>()
  readonly #sourceLists = new Map<string, readonly Source[]>()
  #sourceCount = 0
  readonly #ranges = new Map<string, Range>()
  // Range lists repeat across entries as much as single ranges do: each list of texts is
  // shared by its texts, and its parsed ranges by the shared list.
  readonly #rangeTextLists = new Map<string, string[]>()
  readonly #rangeLists = new Map<readonly string[], readonly Range[]>()
  readonly #versions = new Map<string, Version>()

  /** Compiles one validated document; its repeated parts are replaced by shared copies. */
  add(document: ProjectDocument): void {
    this.#projects.push(this.compile(document))
  }

  /** The compiled project, not (yet) part of the dataset this builder finishes. */
  compile(document: ProjectDocument): CompiledProject {
    const versions: CompiledVersion[] = []
    for (const [key, { since, dependencies }] of Object.entries(document.versions)) {
      const compiled = new Map<string, CompiledEntry>()
      for (const [dependencyKey, entry] of Object.entries(dependencies)) {
        compiled.set(this.#string(dependencyKey), this.#compile(dependencyKey, this.#share(entry)))
      }
      this.#entryCount += compiled.size
      versions.push({
        key,
        version: this.#version(key),
        since: since === true,
        dependencies: compiled,
      })
    }
    versions.sort(newestFirst)
    return {
      document,
      versions,
      versionsByKey: new Map(versions.map((version) => [version.key, version])),
      sinceKeys: versions.filter((version) => version.since).reverse(),
    }
  }

  finish(): Dataset {
    const sorted = this.#projects.sort((a, b) =>
      a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0,
    )
    const projects = new Map<string, CompiledProject>()
    const aliases = new Map<string, CompiledProject>()
    for (const project of sorted) {
      projects.set(project.document.id, project)
      for (const alias of project.document.aliases ?? []) aliases.set(alias, project)
    }
    const names = new Map<string, string>([...projects.keys()].map((id) => [id, id]))
    for (const [alias, project] of aliases) names.set(alias, project.document.id)
    return { projects, aliases, entryCount: this.#entryCount, names }
  }

  #compile(key: string, entry: DependencyEntry): CompiledEntry {
    return {
      key: this.#string(key),
      entry,
      ranges: this.#rangeList(entry.ranges),
      sameVersion: (entry.constraints ?? []).some(
        (constraint) => constraint.type === 'same-version',
      ),
      testedOnly: entry.basis === 'tested',
    }
  }

  /**
   * The entry with its strings and sources replaced by shared copies, in place: the entry is
   * the builder's (a freshly parsed document), and a copy per entry is what sharing avoids.
   */
  #share(entry: DependencyEntry): DependencyEntry {
    const shared = entry as Writable<DependencyEntry>
    shared.ranges = this.#rangeTexts(entry.ranges)
    shared.relationship = this.#string(entry.relationship)
    shared.confidence = this.#string(entry.confidence) as DependencyEntry['confidence']
    if (entry.lastVerified !== null) shared.lastVerified = this.#string(entry.lastVerified)
    // Notes are mostly one of a kind: only an empty list is shared.
    if (entry.notes.length === 0) shared.notes = NO_STRINGS as string[]
    shared.sources = this.#sourceList(entry.sources)
    return entry
  }

  #string(text: string): string {
    const known = this.#strings.get(text)
    if (known !== undefined) return known
    this.#strings.set(text, text)
    return text
  }

  #rangeTexts(texts: readonly string[]): string[] {
    if (texts.length === 0) return NO_STRINGS as string[]
    // A line break never appears in a valid range, so it cannot join two lists into one key.
    const key = texts.join('\n')
    let shared = this.#rangeTextLists.get(key)
    if (shared === undefined) {
      shared = texts.map((text) => this.#string(text))
      this.#rangeTextLists.set(key, shared)
    }
    return shared
  }

  /** The parsed ranges of a list `#rangeTexts` shared. */
  #rangeList(texts: readonly string[]): readonly Range[] {
    let ranges = this.#rangeLists.get(texts)
    if (ranges === undefined) {
      ranges = texts.map((text) => this.#range(text))
      this.#rangeLists.set(texts, ranges)
    }
    return ranges
  }

  #sourceList(sources: readonly Source[]): Source[] {
    if (sources.length === 0) return NO_SOURCES as Source[]
    const first = this.#source(sources[0] as Source)
    if (sources.length === 1) return first.alone as Source[]
    let key = first.id
    const shared = [first.source]
    for (let index = 1; index < sources.length; index++) {
      const next = this.#source(sources[index] as Source)
      key += `,${next.id}`
      shared.push(next.source)
    }
    const known = this.#sourceLists.get(key)
    if (known !== undefined) return known as Source[]
    this.#sourceLists.set(key, shared)
    return shared
  }

  #source(source: Source): SharedSource {
    const { title, url, accessedAt } = source
    let sameUrl = this.#sources.get(url)
    if (sameUrl === undefined) {
      sameUrl = []
      this.#sources.set(url, sameUrl)
    }
    for (const known of sameUrl) {
      if (known.source.title === title && known.source.accessedAt === accessedAt) return known
    }
    const shared = {
      title: this.#string(title),
      url: this.#string(url),
      accessedAt: this.#string(accessedAt),
    }
    const made: SharedSource = { source: shared, id: String(this.#sourceCount++), alone: [shared] }
    sameUrl.push(made)
    return made
  }

  #range(text: string): Range {
    let range = this.#ranges.get(text)
    if (range === undefined) {
      const parsed = parseRange(text)
      if ('error' in parsed) throw new Error(`unvalidated range '${text}': ${parsed.error}`)
      range = parsed.range
      this.#ranges.set(text, range)
    }
    return range
  }

  #version(key: string): Version {
    let version = this.#versions.get(key)
    if (version === undefined) {
      const parsed = parseVersion(key)
      if (parsed === null) throw new Error(`unvalidated version key '${key}'`)
      version = parsed
      this.#versions.set(key, version)
    }
    return version
  }
}

/** Equal versions of different length (`10` the line, `10.0` the release): the line first. */
function newestFirst(a: CompiledVersion, b: CompiledVersion): number {
  return (
    compareVersions(b.version, a.version) || a.version.release.length - b.version.release.length
  )
}
