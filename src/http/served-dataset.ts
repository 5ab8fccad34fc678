/**
 * What never changes while a dataset is served, computed once per dataset: each project
 * document and the project list as bytes, with their ETag and compressed variants.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { CompiledProject } from '../core/dataset/build-dataset.ts'
import type { LoadedDataset } from '../data/load-dataset.ts'
import { MIN_COMPRESS_BYTES } from './limits.ts'

export interface StaticBody {
  readonly identity: Buffer
  readonly gzip: Buffer | null
  readonly br: Buffer | null
  readonly etag: string
}

export interface ServedDataset extends LoadedDataset {
  readonly projectList: StaticBody
  readonly projectDocuments: ReadonlyMap<string, StaticBody>
  /** A short tag of the dataset for ETags of computed answers. */
  readonly tag: string
}

export function serveDataset(loaded: LoadedDataset): ServedDataset {
  const tag = loaded.contentHash.slice(0, 16)
  const projects = [...loaded.dataset.projects.values()]
  const list = `{"projects":[${projects.map(indexEntryJson).join(',')}]}`
  const projectDocuments = new Map<string, StaticBody>()
  for (const project of projects) {
    projectDocuments.set(
      project.document.id,
      staticBody(documentJson(project), `${tag}-${project.document.id}`),
    )
  }
  return { ...loaded, tag, projectList: staticBody(list, `${tag}-list`), projectDocuments }
}

export function staticBody(json: string, etagSeed: string): StaticBody {
  const identity = Buffer.from(json)
  const compress = identity.length >= MIN_COMPRESS_BYTES
  return {
    identity,
    gzip: compress ? gzipSync(identity, { level: 9 }) : null,
    br: compress
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : null,
    etag: `W/"${etagSeed}"`,
  }
}

function indexEntryJson({ document, versions }: CompiledProject): string {
  return JSON.stringify({
    id: document.id,
    name: document.name,
    categories: document.categories,
    website: document.website,
    versions: versions.map((version) => version.key),
  })
}

/** The document as stored, with versions newest first (integer-like keys would otherwise sort first). */
function documentJson({ document, versions }: CompiledProject): string {
  const head = JSON.stringify({
    id: document.id,
    name: document.name,
    categories: document.categories,
    website: document.website,
  })
  const body = versions
    .map(
      (version) =>
        `${JSON.stringify(version.key)}:${JSON.stringify(document.versions[version.key])}`,
    )
    .join(',')
  return `${head.slice(0, -1)},"versions":{${body}}}`
}
