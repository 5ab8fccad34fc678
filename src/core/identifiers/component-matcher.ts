/**
 * Which catalogued project a component of an SBOM, a lockfile or a release list names
 * (docs/api.md, "Stacks from files"): by purl, whatever its version and qualifiers, when it
 * carries one; by name as a project id or alias when it carries none, only a generic one, or
 * one that several projects share.
 * A purl says which package a component is, and the same name in another ecosystem is another
 * package: npm's `redis` is a client library, not the Redis server.
 */
import { projectNames } from '../check/describe-unknown.ts'
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { projectPurls } from './project-purls.ts'
import { purlKey, readPurl } from './read-purl.ts'

export interface ComponentName {
  readonly name: string
  /** Its package URL, when the file gives one. */
  readonly purl?: string
}

export type ComponentMatch =
  | { readonly project: string; readonly by: 'purl' | 'name' }
  | {
      readonly project: null
      /** The purl the component was looked up by; null when it was looked up by name. */
      readonly purl: string | null
      readonly nearest: readonly string[]
    }

/**
 * @example matchComponent(dataset, { name: 'next', purl: 'pkg:npm/next@14.2.3' }) // { project: 'nextjs', by: 'purl' }
 */
export function matchComponent(dataset: Dataset, component: ComponentName): ComponentMatch {
  const read = component.purl === undefined ? null : readPurl(component.purl)
  if (read !== null && 'purl' in read && read.purl.type !== 'generic') {
    const owner = purlIndex(dataset).get(purlKey(read.purl))
    if (owner != null) return { project: owner, by: 'purl' }
    // A purl several projects share names none of them; their names still do.
    if (owner === undefined) {
      // A project of the same name is named first: the user may add the purl to its identifiers.
      const namesake = findProject(dataset, component.name)?.document.id
      const near = projectNames(dataset).nearest(component.name)
      return {
        project: null,
        purl: component.purl ?? null,
        nearest: namesake === undefined ? near : [namesake, ...near.filter((n) => n !== namesake)],
      }
    }
  }
  const found = findProject(dataset, component.name)
  if (found !== undefined) return { project: found.document.id, by: 'name' }
  return { project: null, purl: null, nearest: projectNames(dataset).nearest(component.name) }
}

// Built once per dataset: the first match reads every project's document.
const indexes = new WeakMap<Dataset, ReadonlyMap<string, string | null>>()

/**
 * Each purl to the project it names: a written purl is its project's (validation keeps it to
 * one); an implied one too, unless several projects imply it (one repository, several
 * products: `kubernetes/autoscaler`), when it names none of them (null).
 */
export function purlIndex(dataset: Dataset): ReadonlyMap<string, string | null> {
  let index = indexes.get(dataset)
  if (index !== undefined) return index
  const written = new Map<string, string>()
  const implied = new Map<string, string | null>()
  for (const project of dataset.projects.values()) {
    const { id } = project.document
    const purls = projectPurls(project.document)
    for (const purl of purls.written) written.set(purlKey(purl), id)
    for (const purl of purls.implied) {
      const key = purlKey(purl)
      const other = implied.get(key)
      implied.set(key, other === undefined || other === id ? id : null)
    }
  }
  const merged = new Map<string, string | null>(implied)
  for (const [key, id] of written) merged.set(key, id)
  index = merged
  indexes.set(dataset, index)
  return index
}
