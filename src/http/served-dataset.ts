/**
 * What never changes while a dataset is served, made at most once per dataset: the project
 * list, each project document and the dependency index as bytes with their ETag (each on
 * first request, so that a large dataset starts fast), and the cache of computed answers.
 */
import { orderedJson } from '../api/ordered-json.ts'
import type { DependencyIndex, ProjectIndexEntry } from '../api/response-schemas.ts'
import { serializeAnswer } from '../api/serialize-answer.ts'
import { type CompiledProject, findProject } from '../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../core/dataset/schema.ts'
import { dependencyIndex, documentsDependency } from '../core/dependencies/evaluate-dependency.ts'
import type { LoadedDataset } from '../data/load-dataset.ts'
import { AnswerCache } from './answer-cache.ts'
import { apiBody, type CachedBody } from './cached-body.ts'
import { MAX_ANSWER_CACHE_BYTES } from './server-limits.ts'

export interface ServedDataset extends LoadedDataset {
  /** A short tag of the dataset, part of every ETag: a new dataset, new tags. */
  readonly tag: string
  /** The project list, made on first use: it reads every project, which a lazy dataset defers. */
  projectList(): CachedBody
  /** The same list as a value, for the pages drawn from it. */
  projectIndex(): readonly ProjectIndexEntry[]
  /** Whether a project answers to this id. */
  hasProject(id: string): boolean
  /** Whether any entry documents a dependency by this name (or another name of its project). */
  hasDependency(name: string): boolean
  /** The document of a known project; undefined for any other id. */
  projectDocument(id: string): CachedBody | undefined
  /** The same document as a value (versions newest first where keys allow). */
  projectDocumentValue(id: string): ProjectDocument | undefined
  readonly answers: AnswerCache
  /** Every dependency key with its link and counts (docs/api.md, "Who documents a dependency"). */
  dependencyIndex(): CachedBody
  /** The same index as a value. */
  dependencyIndexValue(): DependencyIndex
}

export function serveDataset(loaded: LoadedDataset): ServedDataset {
  const tag = loaded.contentHash.slice(0, 16)
  const { projects } = loaded.dataset
  let index: readonly ProjectIndexEntry[] | undefined
  let list: CachedBody | undefined
  const documents = new Map<string, CachedBody>()
  // Made on first request: a large dataset starts without walking every entry for it.
  let dependencyValue: DependencyIndex | undefined
  let dependencies: CachedBody | undefined
  const projectIndex = () => {
    index ??= Array.from(projects.values(), indexEntry)
    return index
  }
  const dependencyIndexValue = () => {
    dependencyValue ??= dependencyIndex(loaded.dataset)
    return dependencyValue
  }
  return {
    ...loaded,
    tag,
    projectList() {
      list ??= apiBody(JSON.stringify({ projects: projectIndex() }), `W/"${tag}-list"`)
      return list
    },
    projectIndex,
    hasProject: (id) => findProject(loaded.dataset, id) !== undefined,
    hasDependency: (name) => documentsDependency(loaded.dataset, name),
    projectDocument(idOrAlias) {
      const project = findProject(loaded.dataset, idOrAlias)
      if (project === undefined) return undefined
      // An alias answers with the project's own document: one body, one ETag.
      const { id } = project.document
      let body = documents.get(id)
      if (body === undefined) {
        body = apiBody(documentJson(project), `W/"${tag}-${id}"`)
        documents.set(id, body)
      }
      return body
    },
    projectDocumentValue(idOrAlias) {
      const project = findProject(loaded.dataset, idOrAlias)
      return project === undefined ? undefined : documentOf(project)
    },
    answers: new AnswerCache(MAX_ANSWER_CACHE_BYTES),
    dependencyIndex() {
      dependencies ??= apiBody(serializeAnswer(dependencyIndexValue()), `W/"${tag}-dependencies"`)
      return dependencies
    },
    dependencyIndexValue,
  }
}

function indexEntry({ document, versions }: CompiledProject): ProjectIndexEntry {
  let oldest: string | null | undefined
  let newest: string | null = null
  for (const version of versions) {
    for (const { entry } of version.dependencies.values()) {
      const verified = entry.lastVerified
      if (verified === null) oldest = null
      else {
        if (oldest !== null && (oldest === undefined || verified < oldest)) oldest = verified
        if (newest === null || verified > newest) newest = verified
      }
    }
  }
  return {
    ...head(document),
    versions: versions.map((version) => version.key),
    verified: { oldest: oldest ?? null, newest },
  } as ProjectIndexEntry
}

/** The fields before `versions`, in the schema's order; optional ones only when present. */
function head(document: ProjectDocument): Record<string, unknown> {
  return {
    id: document.id,
    name: document.name,
    ...(document.description === undefined ? {} : { description: document.description }),
    ...(document.aliases === undefined ? {} : { aliases: document.aliases }),
    categories: document.categories,
    website: document.website,
  }
}

/** The document as stored, every field in the schema's order. */
function documentOf({ document }: CompiledProject): ProjectDocument {
  const { upstream, identifiers, lifecycle, upgrades, versions } = document
  return {
    ...head(document),
    ...(upstream === undefined ? {} : { upstream }),
    ...(identifiers === undefined ? {} : { identifiers }),
    ...(lifecycle === undefined ? {} : { lifecycle }),
    ...(upgrades === undefined ? {} : { upgrades }),
    versions,
  } as ProjectDocument
}

/**
 * Its JSON, with versions newest first (a Map, as integer-like keys would otherwise sort
 * first).
 */
function documentJson(project: CompiledProject): string {
  const { document } = project
  const versions = new Map(project.versions.map(({ key }) => [key, document.versions[key]]))
  return orderedJson({ ...documentOf(project), versions })
}
