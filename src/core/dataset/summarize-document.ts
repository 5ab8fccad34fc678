/**
 * What the whole-dataset checks and a lazily compiled dataset need of a document, without the
 * document: its names and how often it uses each dependency key. Made where the file is parsed
 * (a worker thread, for a large dataset), so that the serving thread reads every document only
 * when it compiles it, after the server is ready, rather than before.
 */

import { isJsonObject } from '../json/is-json-object.ts'
import { purlKey, readPurl } from '../purl/read-purl.ts'
import { projectPurlKeys } from './project-purls.ts'
import { dependencyEntries, stringsAt } from './walk-document.ts'

export interface DocumentSummary {
  /** The document's id, when it is a string. */
  readonly id: string | undefined
  /** Each alias that is a string, with its index in the list. */
  readonly aliases: readonly (readonly [number, string])[]
  /** Each dependency key with the number of entries it keys, in the order first met. */
  readonly keyUses: readonly (readonly [string, number])[]
  /** Entries over all versions. */
  readonly entryCount: number
  /** Each purl identifier that parses, as it compares (`purlKey`), with its index in the list. */
  readonly purls: readonly (readonly [number, string])[]
  /** The purls its upstream implies, as they compare. */
  readonly impliedPurls: readonly string[]
}

function writtenPurls(identifiers: unknown): [number, string][] {
  if (!Array.isArray(identifiers)) return []
  const purls: [number, string][] = []
  identifiers.forEach((identifier, index) => {
    if (!isJsonObject(identifier) || typeof identifier.purl !== 'string') return
    const read = readPurl(identifier.purl)
    if ('purl' in read) purls.push([index, purlKey(read.purl)])
  })
  return purls
}

function impliedPurlKeys(upstream: Record<string, unknown>): string[] {
  const typed = Object.fromEntries(
    Object.entries(upstream).filter(([, value]) => typeof value === 'string'),
  ) as Parameters<typeof projectPurlKeys>[0]['upstream']
  return [...projectPurlKeys({ upstream: typed }).implied]
}

/** @example summarizeDocument({ id: 'app', versions: { '1.0': { dependencies: { node: {…} } } } }) */
export function summarizeDocument(document: unknown): DocumentSummary {
  const uses = new Map<string, number>()
  const entries = dependencyEntries(document)
  for (const { dependencyKey } of entries)
    uses.set(dependencyKey, (uses.get(dependencyKey) ?? 0) + 1)
  const record = isJsonObject(document)
  return {
    id: record && typeof document.id === 'string' ? document.id : undefined,
    aliases: record ? stringsAt(document.aliases) : [],
    keyUses: [...uses],
    entryCount: entries.length,
    purls: record ? writtenPurls(document.identifiers) : [],
    impliedPurls:
      record && isJsonObject(document.upstream) ? impliedPurlKeys(document.upstream) : [],
  }
}
