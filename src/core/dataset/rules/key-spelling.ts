/**
 * One spelling per software across the dataset (docs/api.md, "Links"; data/README.md,
 * "Dependency keys"): two names that are equal after lowercasing and removing `-`, `_` and
 * `.`, or that stand in one group of the synonym table, must not both be used unless both
 * are names (id or alias) of one project. Only the whole dataset shows this, so it runs once
 * over every document, not per file.
 */
import type { Fault } from '../fault.ts'
import { KEY_SYNONYMS } from '../key-synonyms.ts'
import type { DocumentSummary } from '../summarize-document.ts'
import { dependencyEntries } from '../walk-document.ts'

export interface DatasetDocument {
  readonly fileId: string
  readonly summary: DocumentSummary
  /** The document itself: read only to locate a wrong spelling among its entries. */
  readonly document: () => unknown
}

export interface DatasetFault extends Fault {
  readonly fileId: string
}

/** `Postgre_SQL` → `postgresql`: what the rule compares. */
export function spellingGroup(name: string): string {
  const loose = name.toLowerCase().replace(/[-_.]/g, '')
  return SYNONYM_GROUP.get(loose) ?? loose
}

// Each synonym's loose form to one name for its group (the group's first spelling, marked so
// that it cannot equal a loose form).
const SYNONYM_GROUP = new Map(
  KEY_SYNONYMS.flatMap((group) =>
    group.map((name) => [name.toLowerCase().replace(/[-_.]/g, ''), `=${group[0]}`] as const),
  ),
)

interface Spelling {
  /** Uses as a dependency key. */
  uses: number
  /** The project it is the id or an alias of, if any. */
  project: string | undefined
}

export function keySpelling(documents: readonly DatasetDocument[]): DatasetFault[] {
  // First pass: every spelling with its uses and project, by group; no paths kept, since a
  // large dataset has millions of entries and almost never a fault.
  const groups = new Map<string, Map<string, Spelling>>()
  const spelling = (name: string): Spelling => {
    const group = spellingGroup(name)
    let spellings = groups.get(group)
    if (spellings === undefined) {
      spellings = new Map()
      groups.set(group, spellings)
    }
    let known = spellings.get(name)
    if (known === undefined) {
      known = { uses: 0, project: undefined }
      spellings.set(name, known)
    }
    return known
  }
  for (const { summary } of documents) {
    const names = projectNames(summary)
    for (const name of names) spelling(name).project ??= names[0]
    for (const [key, uses] of summary.keyUses) spelling(key).uses += uses
  }
  // The spelling each troubled group should use, and why every other one is wrong.
  const wrong = new Map<string, string>()
  for (const spellings of groups.values()) {
    if (spellings.size < 2) continue
    const preferred = preferredSpelling(spellings)
    const project = spellings.get(preferred)?.project
    for (const [name, { project: own }] of spellings) {
      if (name === preferred || (own !== undefined && own === project)) continue
      const where =
        project !== undefined
          ? `a name of project '${project}'`
          : `used ${spellings.get(preferred)?.uses ?? 0} times`
      wrong.set(
        name,
        `'${name}' names the same software as '${preferred}' (${where}): spell it '${preferred}' everywhere, or, if both are one catalogued project, make one an alias of it`,
      )
    }
  }
  if (wrong.size === 0) return []
  // Second pass, only when something is wrong: where each wrong spelling is.
  const faults: DatasetFault[] = []
  for (const { fileId, summary, document } of documents) {
    if (summary.id !== undefined && wrong.has(summary.id)) {
      faults.push({ fileId, path: ['id'], message: `project id ${wrong.get(summary.id)}` })
    }
    for (const [index, alias] of summary.aliases) {
      const message = wrong.get(alias)
      if (message !== undefined)
        faults.push({ fileId, path: ['aliases', index], message: `alias ${message}` })
    }
    if (!summary.keyUses.some(([key]) => wrong.has(key))) continue
    for (const { dependencyKey, path } of dependencyEntries(document())) {
      const message = wrong.get(dependencyKey)
      if (message !== undefined) faults.push({ fileId, path, message: `dependency key ${message}` })
    }
  }
  return faults
}

/** A project's name first (the project with the most uses, if several), else the most used key. */
function preferredSpelling(spellings: ReadonlyMap<string, Spelling>): string {
  let best: [string, Spelling] | undefined
  for (const candidate of spellings) {
    if (best === undefined) {
      best = candidate
      continue
    }
    const [name, { uses, project }] = candidate
    const [bestName, { uses: bestUses, project: bestProject }] = best
    const rank = (project === undefined ? 0 : 1) - (bestProject === undefined ? 0 : 1)
    if (rank > 0 || (rank === 0 && (uses > bestUses || (uses === bestUses && name < bestName)))) {
      best = candidate
    }
  }
  return (best as [string, Spelling])[0]
}

function projectNames({ id, aliases }: DocumentSummary): string[] {
  return id === undefined ? [] : [id, ...aliases.map(([, alias]) => alias)]
}
