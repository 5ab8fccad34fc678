/**
 * One version a name: a stack says which version of each component runs, but a dependency
 * graph can hold one name at several versions (npm nests a second copy under the package that
 * needs it). The version the root depends on directly is the one the project itself runs and
 * upgrades; without one, the highest, by the project's version order, so that the choice is
 * predictable from the file alone. Every other version is reported, never dropped silently.
 */
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { DuplicateComponent, StackFileComponent } from './stack-file.ts'

export interface VersionCandidate {
  /**
   * What makes two candidates the same component: the name, with the purl's type when there
   * is one, so that `debug` from npm and `debug` from PyPI in one SBOM stay two components.
   */
  readonly key: string
  readonly component: StackFileComponent
  /** The root (the project the file describes) depends on it directly. */
  readonly direct: boolean
}

export interface KeptVersions {
  /** One a key, in the order the file first names each. */
  readonly components: StackFileComponent[]
  readonly duplicates: DuplicateComponent[]
}

export const DIRECT_REASON = 'the root depends on it directly'
export const HIGHEST_DIRECT_REASON = 'the highest of the versions the root depends on directly'
export const HIGHEST_REASON = 'the highest version'
export const FIRST_REASON = 'the first in the file: none of its versions can be ordered'

/**
 * @example keepOneVersion([ms 2.1.3 nested, ms 2.0.0 direct]) // keeps 2.0.0, reports 2.1.3
 */
export function keepOneVersion(candidates: readonly VersionCandidate[]): KeptVersions {
  const byKey = new Map<string, VersionCandidate[]>()
  for (const candidate of candidates) {
    const group = byKey.get(candidate.key)
    if (group === undefined) byKey.set(candidate.key, [candidate])
    else group.push(candidate)
  }
  const components: StackFileComponent[] = []
  const duplicates: DuplicateComponent[] = []
  for (const group of byKey.values()) {
    const { kept, reason } = choose(group)
    components.push(kept.component)
    const others = new Map<string, string>()
    for (const { component } of group) {
      if (component.version !== kept.component.version && !others.has(component.version))
        others.set(component.version, component.location)
    }
    if (others.size > 0)
      duplicates.push({
        name: kept.component.name,
        kept: kept.component.version,
        reason,
        others: [...others].map(([version, location]) => ({ version, location })),
      })
  }
  return { components, duplicates }
}

function choose(group: readonly VersionCandidate[]): {
  kept: VersionCandidate
  reason: string
} {
  const direct = group.filter((candidate) => candidate.direct)
  const pool = direct.length > 0 ? direct : group
  const first = pool[0] as VersionCandidate
  if (new Set(pool.map((candidate) => candidate.component.version)).size === 1)
    return { kept: first, reason: direct.length > 0 ? DIRECT_REASON : HIGHEST_REASON }
  const highest = highestOf(pool)
  if (highest === undefined) return { kept: first, reason: FIRST_REASON }
  return { kept: highest, reason: direct.length > 0 ? HIGHEST_DIRECT_REASON : HIGHEST_REASON }
}

/** The highest by the project's version order; the first on a tie; undefined when none parses. */
function highestOf(pool: readonly VersionCandidate[]): VersionCandidate | undefined {
  let best: { candidate: VersionCandidate; version: Version } | undefined
  for (const candidate of pool) {
    const version = parseVersion(candidate.component.version)
    if (version === null) continue
    if (best === undefined || compareVersions(version, best.version) > 0)
      best = { candidate, version }
  }
  return best?.candidate
}
