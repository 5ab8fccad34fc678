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

export function* dependencyEntries(document: unknown): Generator<EntryVisit> {
  if (!isRecord(document) || !isRecord(document.versions)) return
  for (const [versionKey, version] of Object.entries(document.versions)) {
    if (!isRecord(version) || !isRecord(version.dependencies)) continue
    for (const [dependencyKey, entry] of Object.entries(version.dependencies)) {
      if (!isRecord(entry)) continue
      yield {
        versionKey,
        dependencyKey,
        entry,
        path: ['versions', versionKey, 'dependencies', dependencyKey],
      }
    }
  }
}

export function stringsAt(value: unknown): [number, string][] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item, index): [number, string][] =>
    typeof item === 'string' ? [[index, item]] : [],
  )
}
