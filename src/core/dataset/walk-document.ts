/**
 * Visits the parts of a possibly malformed document that have the right shape, so that
 * every rule can run even when the schema already found faults elsewhere.
 */
import { isJsonObject, type JsonObject } from '../json/is-json-object.ts'

export interface EntryVisit {
  readonly versionKey: string
  readonly dependencyKey: string
  readonly entry: JsonObject
  readonly path: readonly string[]
}

export function versionKeys(document: unknown): string[] {
  return isJsonObject(document) && isJsonObject(document.versions)
    ? Object.keys(document.versions)
    : []
}

// Every rule visits every entry: while one document is being validated, its visits are
// listed once and shared (see `withEntriesListed`) instead of walked again by each rule.
let listed: { readonly document: unknown; readonly visits: readonly EntryVisit[] } | null = null

export function dependencyEntries(document: unknown): readonly EntryVisit[] {
  if (listed !== null && listed.document === document) return listed.visits
  return listEntries(document)
}

/** Runs `work` with the document's entry visits listed once for every `dependencyEntries` call. */
export function withEntriesListed<T>(document: unknown, work: () => T): T {
  const outer = listed
  listed = { document, visits: listEntries(document) }
  try {
    return work()
  } finally {
    listed = outer
  }
}

function listEntries(document: unknown): EntryVisit[] {
  const visits: EntryVisit[] = []
  if (!isJsonObject(document) || !isJsonObject(document.versions)) return visits
  for (const versionKey of Object.keys(document.versions)) {
    const version = document.versions[versionKey]
    if (!isJsonObject(version) || !isJsonObject(version.dependencies)) continue
    for (const dependencyKey of Object.keys(version.dependencies)) {
      const entry = version.dependencies[dependencyKey]
      if (!isJsonObject(entry)) continue
      visits.push({
        versionKey,
        dependencyKey,
        entry,
        path: ['versions', versionKey, 'dependencies', dependencyKey],
      })
    }
  }
  return visits
}

export function stringsAt(value: unknown): [number, string][] {
  const strings: [number, string][] = []
  if (!Array.isArray(value)) return strings
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index]
    if (typeof item === 'string') strings.push([index, item])
  }
  return strings
}

/** A part of a document that carries evidence: confidence, lastVerified and sources. */
export interface EvidenceVisit {
  readonly block: JsonObject
  readonly path: readonly (string | number)[]
  /** Its sources may instead be given part by part (each lifecycle line its own). */
  readonly partSources: readonly unknown[] | null
}

/** Every part that carries evidence: each dependency entry, the lifecycle and upgrades blocks. */
export function evidenceBlocks(document: unknown): EvidenceVisit[] {
  const blocks: EvidenceVisit[] = dependencyEntries(document).map(({ entry, path }) => ({
    block: entry,
    path,
    partSources: null,
  }))
  const lifecycle = isJsonObject(document) ? document.lifecycle : undefined
  if (isJsonObject(lifecycle)) {
    const lines = isJsonObject(lifecycle.lines) ? Object.values(lifecycle.lines) : []
    blocks.push({
      block: lifecycle,
      path: ['lifecycle'],
      partSources: lines.map((line) => (isJsonObject(line) ? line.sources : undefined)),
    })
  }
  const upgrades = isJsonObject(document) ? document.upgrades : undefined
  if (isJsonObject(upgrades))
    blocks.push({ block: upgrades, path: ['upgrades'], partSources: null })
  return blocks
}

/** The lines of a lifecycle block that have the right shape, with their paths. */
export function lifecycleLines(
  document: unknown,
): { readonly key: string; readonly line: JsonObject; readonly path: readonly string[] }[] {
  const lifecycle = isJsonObject(document) ? document.lifecycle : undefined
  if (!isJsonObject(lifecycle) || !isJsonObject(lifecycle.lines)) return []
  return Object.entries(lifecycle.lines).flatMap(([key, line]) =>
    isJsonObject(line) ? [{ key, line, path: ['lifecycle', 'lines', key] }] : [],
  )
}

/** Every source of the document, with its path: entries', the lifecycle block's and its lines'. */
export function everySource(
  document: unknown,
): { readonly source: JsonObject; readonly path: readonly (string | number)[] }[] {
  const sources: { source: JsonObject; path: (string | number)[] }[] = []
  const add = (list: unknown, path: readonly (string | number)[]) => {
    if (!Array.isArray(list)) return
    list.forEach((source, index) => {
      if (isJsonObject(source)) sources.push({ source, path: [...path, 'sources', index] })
    })
  }
  for (const { block, path } of evidenceBlocks(document)) add(block.sources, path)
  for (const { line, path } of lifecycleLines(document)) add(line.sources, path)
  return sources
}
