/**
 * Which catalogued project a component of an SBOM, a lockfile or a release list names
 * (docs/api.md, "Stacks from files"): by purl, whatever its version and qualifiers, when it
 * carries one; by name as a project id or alias (any case) when it carries none, only a
 * generic one, or one that several projects share. A purl says which package a component is,
 * and the same name in another ecosystem is another package: npm's `redis` is a client
 * library, not the Redis server.
 *
 * What matching needs of a dataset is plain data (`MatcherData`), so that a worker thread can
 * match the thousands of components of a large SBOM away from the thread that answers.
 */
import type { CompiledProject, Dataset } from '../dataset/build-dataset.ts'
import { projectPurlKeys } from '../dataset/project-purls.ts'
import { NameList } from '../names/nearest-names.ts'
import { purlKey, purlKeyOf, readPurl } from '../purl/read-purl.ts'
import { purlOwners } from './purl-owners.ts'

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

/** A dataset's names and purls, as matching reads them; structured-cloneable. */
export interface MatcherData {
  /** Each purl's key (`purlKey`) to its project, or null when several projects imply it. */
  readonly purls: readonly (readonly [string, string | null])[]
  /** Every project id, then every alias, to its project id. */
  readonly names: readonly (readonly [string, string])[]
}

export class ComponentMatcher {
  readonly #purls: ReadonlyMap<string, string | null>
  readonly #names = new Map<string, string>()
  readonly #nameList: NameList

  constructor(data: MatcherData) {
    this.#purls = new Map(data.purls)
    for (const [name, id] of data.names) {
      const folded = name.toLowerCase()
      if (!this.#names.has(folded)) this.#names.set(folded, id)
    }
    this.#nameList = new NameList(data.names.map(([name]) => name))
  }

  /**
   * The project alone, without the nearest names of a component that matches none: for the
   * thousands of a lockfile's packages, where only the matched ones are wanted.
   *
   * @example matcher.projectOf({ name: 'left-pad', purl: 'pkg:npm/left-pad@1.3.0' }) // null
   */
  projectOf(component: ComponentName): string | null {
    const key = component.purl === undefined ? null : purlKeyOf(component.purl)
    if (key !== null && !key.startsWith('generic/')) {
      const owner = this.#purls.get(key)
      if (owner != null) return owner
      // As in match: a purl no project writes names none; one several share leaves the name.
      if (owner === undefined) return null
    }
    return this.#names.get(component.name.toLowerCase()) ?? null
  }

  /** @example matcher.match({ name: 'next', purl: 'pkg:npm/next@14.2.3' }) // { project: 'nextjs', by: 'purl' } */
  match(component: ComponentName): ComponentMatch {
    const read = component.purl === undefined ? null : readPurl(component.purl)
    if (read !== null && 'purl' in read && read.purl.type !== 'generic') {
      const owner = this.#purls.get(purlKey(read.purl))
      if (owner != null) return { project: owner, by: 'purl' }
      // A purl several projects share names none of them; their names still do.
      if (owner === undefined) {
        // A project of the same name comes first: its identifiers may lack this purl.
        const namesake = this.#names.get(component.name.toLowerCase())
        const near = this.#nameList.nearest(component.name)
        return {
          project: null,
          purl: component.purl ?? null,
          nearest:
            namesake === undefined ? near : [namesake, ...near.filter((n) => n !== namesake)],
        }
      }
    }
    const found = this.#names.get(component.name.toLowerCase())
    if (found !== undefined) return { project: found, by: 'name' }
    return { project: null, purl: null, nearest: this.#nameList.nearest(component.name) }
  }
}

// Built once per dataset: the first match reads every project's document.
const matchers = new WeakMap<Dataset, { data: MatcherData; matcher: ComponentMatcher }>()

/** The dataset's matcher and the data it was made of, made once per dataset. */
export function componentMatcher(dataset: Dataset): {
  readonly data: MatcherData
  readonly matcher: ComponentMatcher
} {
  let made = matchers.get(dataset)
  if (made === undefined) {
    const data = matcherData(dataset)
    made = { data, matcher: new ComponentMatcher(data) }
    matchers.set(dataset, made)
  }
  return made
}

/** Names from the dataset's index; purls from its summaries, else from its documents. */
function matcherData(dataset: Dataset): MatcherData {
  const { purlKeys } = dataset
  const projects = [...dataset.names]
    .filter(([name, id]) => name === id)
    .map(([id]) => ({
      id,
      purls:
        purlKeys?.get(id) ??
        projectPurlKeys((dataset.projects.get(id) as CompiledProject).document),
    }))
  return { purls: [...purlOwners(projects)], names: [...dataset.names] }
}
