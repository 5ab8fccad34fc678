/**
 * Links between dependency names and catalogued projects (docs/api.md, "Links"): a name links to
 * a project when it is the project's id or one of its aliases, so `k8s` and `kubernetes` name
 * one thing once `k8s` is an alias of kubernetes.
 */
import {
  type CompiledEntry,
  type CompiledProject,
  type Dataset,
  findProject,
} from './build-dataset.ts'

/**
 * The id of the project a name links to, or null.
 *
 * @example linkedProjectId(dataset, 'k8s') // 'kubernetes'
 */
export function linkedProjectId(dataset: Dataset, name: string): string | null {
  return findProject(dataset, name)?.document.id ?? null
}

/** Every name of a project: its id, then its aliases as listed. */
export function namesOf(project: CompiledProject): readonly string[] {
  const aliases = project.document.aliases
  return aliases === undefined || aliases.length === 0
    ? [project.document.id]
    : [project.document.id, ...aliases]
}

/**
 * The entry a requested dependency name matches: the entry keyed by the name itself, else one
 * keyed by another name of the project the name links to (its id first, then its aliases).
 *
 * @example linkedEntry(dataset, cnpg127.dependencies, 'k8s') // the entry keyed `kubernetes`
 */
export function linkedEntry(
  dataset: Dataset,
  entries: ReadonlyMap<string, CompiledEntry>,
  name: string,
): CompiledEntry | undefined {
  const own = entries.get(name)
  if (own !== undefined) return own
  const project = findProject(dataset, name)
  if (project === undefined) return undefined
  for (const other of namesOf(project)) {
    const entry = entries.get(other)
    if (entry !== undefined) return entry
  }
  return undefined
}
