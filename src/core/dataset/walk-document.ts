/**
 * Visits the parts of a possibly malformed document that have the right shape, so that
 * every rule can run even when the schema already found faults elsewhere.
 */
export type UnknownRecord = Readonly<Record<string, unknown>>

export interface EntryVisit {
  readonly versionKey: string
  readonly dependencyKey: string
  readonly entry: UnknownRecord
  readonly path: readonly string[]
}

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function versionKeys(document: unknown): string[] {
  return isRecord(document) && isRecord(document.versions) ? Object.keys(document.versions) : []
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
  if (!isRecord(document) || !isRecord(document.versions)) return visits
  for (const versionKey of Object.keys(document.versions)) {
    const version = document.versions[versionKey]
    if (!isRecord(version) || !isRecord(version.dependencies)) continue
    for (const dependencyKey of Object.keys(version.dependencies)) {
      const entry = version.dependencies[dependencyKey]
      if (!isRecord(entry)) continue
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
