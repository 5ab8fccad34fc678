/**
 * What never changes while a dataset is served, made at most once per dataset: the project
 * list, each project document and the dependency index as bytes with their ETag (each on
 * first request, so that a large dataset starts fast), and the cache of computed answers.
 */
import { orderedJson } from '../api/ordered-json.ts'
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
  /** Whether a project answers to this id. */
  hasProject(id: string): boolean
  /** Whether any entry documents a dependency by this name (or another name of its project). */
  hasDependency(name: string): boolean
  /** The document of a known project; undefined for any other id. */
  projectDocument(id: string): CachedBody | undefined
  readonly answers: AnswerCache
  /** Every dependency key with its link and counts (docs/api.md, "Who documents a dependency"). */
  dependencyIndex(): CachedBody
}

export function serveDataset(loaded: LoadedDataset): ServedDataset {
  const tag = loaded.contentHash.slice(0, 16)
  const { projects } = loaded.dataset
  let list: CachedBody | undefined
  const documents = new Map<string, CachedBody>()
  // Made on first request: a large dataset starts without walking every entry for it.
  let dependencies: CachedBody | undefined
  return {
    ...loaded,
    tag,
    projectList() {
      list ??= apiBody(
        JSON.stringify({ projects: Array.from(projects.values(), indexEntry) }),
        `W/"${tag}-list"`,
      )
      return list
    },
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
    answers: new AnswerCache(MAX_ANSWER_CACHE_BYTES),
    dependencyIndex() {
      dependencies ??= apiBody(
        serializeAnswer(dependencyIndex(loaded.dataset)),
        `W/"${tag}-dependencies"`,
      )
      return dependencies
    },
  }
}

function indexEntry({ document, versions }: CompiledProject): Record<string, unknown> {
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
  }
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

/**
 * The document as stored, every field in the schema's order, with versions newest first (a
 * Map, as integer-like keys would otherwise sort first).
 */
function documentJson({ document, versions }: CompiledProject): string {
  const { upstream, identifiers, lifecycle, upgrades } = document
  return orderedJson({
    ...head(document),
    ...(upstream === undefined ? {} : { upstream }),
    ...(identifiers === undefined ? {} : { identifiers }),
    ...(lifecycle === undefined ? {} : { lifecycle }),
    ...(upgrades === undefined ? {} : { upgrades }),
    versions: new Map(versions.map(({ key }) => [key, document.versions[key]])),
  })
}
