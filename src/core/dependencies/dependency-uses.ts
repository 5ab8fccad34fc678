/**
 * Every entry of a dataset by dependency key: the reverse view's index, made once per dataset
 * on first use and kept with it.
 */
import type {
  CompiledEntry,
  CompiledProject,
  CompiledVersion,
  Dataset,
} from '../dataset/build-dataset.ts'

export interface Use {
  readonly project: CompiledProject
  readonly version: CompiledVersion
  readonly entry: CompiledEntry
}

export interface DependencyUses {
  /** Keys ordered by key (code-unit order, as ids are); each key's uses by project id, then version newest first. */
  readonly byKey: ReadonlyMap<string, readonly Use[]>
}

const made = new WeakMap<Dataset, DependencyUses>()

/** @example dependencyUses(dataset).byKey.get('postgresql') // every entry keyed postgresql */
export function dependencyUses(dataset: Dataset): DependencyUses {
  let uses = made.get(dataset)
  if (uses === undefined) {
    const byKey = new Map<string, Use[]>()
    // Projects iterate by id and versions newest first: each list comes out in order.
    for (const project of dataset.projects.values()) {
      for (const version of project.versions) {
        for (const entry of version.dependencies.values()) {
          let list = byKey.get(entry.key)
          if (list === undefined) {
            list = []
            byKey.set(entry.key, list)
          }
          list.push({ project, version, entry })
        }
      }
    }
    const sorted = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    uses = { byKey: new Map(sorted.map((key) => [key, byKey.get(key) as Use[]])) }
    made.set(dataset, uses)
  }
  return uses
}
