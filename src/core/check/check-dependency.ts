/** One dependency checked against a resolved project version: the fields every check result shares. */
import { linkedEntry } from '../dataset/links.ts'
import type { DependencyCheck } from './check-result.ts'
import { describeUnknownDependency, sinceKeysText } from './describe-unknown.ts'
import { entriesOf, type FoundVersion } from './find-version.ts'
import { judgeEntry, type SameVersionRule } from './judge-entry.ts'
import type { ResolvedVersion } from './resolve-project-version.ts'

// Combinations repeat most of their checks (a stack where one version moved): a check of a
// resolved project version is decided once and its (immutable) result shared, up to a bound
// for all versions together, after which the memory starts over. Looked up level by level
// (requested project version, dependency, its version): no key string is built per check.
const MAX_REMEMBERED_CHECKS = 20_000
// The versions remembered for one dependency, after which its memory starts over. The one
// version that moves between stacks brings a new check each time; without this bound each
// would live until the memory as a whole starts over, long enough for the garbage collector
// to copy it and promote it to the old generation, which cost more than deciding it. The
// versions that repeat are decided again once.
const MAX_VERSIONS_PER_DEPENDENCY = 64
type ChecksByVersion = Map<string, Map<string, Map<string, DependencyCheck>>>
// Keyed by what answers (a key, or since keys laid over a base); one memory per way of asking:
// exact or by line, and names matched as written or by link (docs/api.md, "Links").
let remembered = new WeakMap<object, ChecksByVersion[]>()
let rememberedCount = 0

/**
 * How a requested dependency name finds its entry: `key`, only the entry keyed by the name
 * (the check endpoints); `link`, also one keyed by another name of the project it links to
 * (versions, dependencies and stacks).
 */
export type DependencyMatch = 'key' | 'link'

function memorySlot(found: FoundVersion, match: DependencyMatch): number {
  return (found.byLine ? 1 : 0) + (match === 'link' ? 2 : 0)
}

/**
 * A check decided afresh, without the memory: a single check asked again is answered from the
 * answer cache, so remembering it would only keep every new version's result alive for the
 * garbage collector to copy and promote (a bot scanning versions asks each one once).
 *
 * @example decideDependency(resolveProjectVersion(dataset, 'django', '5.2'), '5.2', 'python', '3.12.4')
 */
export function decideDependency(
  found: ResolvedVersion,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
  match: DependencyMatch = 'key',
  sameVersionRule: SameVersionRule = 'equal',
): DependencyCheck {
  if ('unknown' in found) return undocumented(dependency, dependencyVersion, found.unknown)
  return decide(found, projectVersion, dependency, dependencyVersion, match, sameVersionRule)
}

/**
 * The same checks, remembered: the checks of combinations, which repeat from one to the next.
 * One project version's memory is looked up once for all the checks of a combination.
 *
 * @example rememberedChecks(resolveProjectVersion(dataset, 'django', '5.2'), '5.2')('python', '3.12.4')
 */
export function rememberedChecks(
  found: ResolvedVersion,
  projectVersion: string,
  match: DependencyMatch = 'key',
): (dependency: string, dependencyVersion: string) => DependencyCheck {
  if ('unknown' in found) {
    return (dependency, dependencyVersion) =>
      undocumented(dependency, dependencyVersion, found.unknown)
  }
  const slot = memorySlot(found, match)
  const memoryOf = () => remembered.get(found.overlay ?? found.version)?.[slot]?.get(projectVersion)
  let byDependency = memoryOf()
  return (dependency, dependencyVersion) => {
    // Made by the first check remembered; one made before a reset still answers truly.
    byDependency ??= memoryOf()
    const known = byDependency?.get(dependency)?.get(dependencyVersion)
    if (known !== undefined) return known
    const check = decide(found, projectVersion, dependency, dependencyVersion, match)
    remember(found, slot, projectVersion, dependency, dependencyVersion, check)
    return check
  }
}

function remember(
  found: FoundVersion,
  slot: number,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
  check: DependencyCheck,
): void {
  if (rememberedCount >= MAX_REMEMBERED_CHECKS) {
    remembered = new WeakMap()
    rememberedCount = 0
  }
  const owner = found.overlay ?? found.version
  let forVersion = remembered.get(owner)
  if (forVersion === undefined) {
    forVersion = []
    remembered.set(owner, forVersion)
  }
  let byVersion = forVersion[slot]
  if (byVersion === undefined) {
    byVersion = new Map()
    forVersion[slot] = byVersion
  }
  const byDependency = inner(byVersion, projectVersion)
  let versions = inner(byDependency, dependency)
  if (versions.size >= MAX_VERSIONS_PER_DEPENDENCY) {
    rememberedCount -= versions.size
    versions = new Map()
    byDependency.set(dependency, versions)
  }
  versions.set(dependencyVersion, check)
  rememberedCount++
}

function inner<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = outer.get(key)
  if (map === undefined) {
    map = new Map()
    outer.set(key, map)
  }
  return map
}

// Results are built field by field, always in the same order: one object shape for V8,
// and the order of the response schema.
function decide(
  found: FoundVersion,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
  match: DependencyMatch,
  sameVersionRule: SameVersionRule = 'equal',
): DependencyCheck {
  const entries = entriesOf(found)
  const compiled =
    match === 'link' ? linkedEntry(found.dataset, entries, dependency) : entries.get(dependency)
  if (compiled === undefined) {
    const reason = describeUnknownDependency(found, dependency)
    return undocumented(
      dependency,
      dependencyVersion,
      found.byLine ? withLine(reason, found) : reason,
    )
  }
  const judgement = judgeEntry(compiled, dependencyVersion, projectVersion, sameVersionRule)
  const { entry } = compiled
  const judged =
    compiled.key === dependency
      ? judgement.reason
      : `${judgement.reason.replace(/\.$/, '')}; "${dependency}" is documented here as "${compiled.key}".`
  const reason = found.byLine ? withLine(judged, found) : judged
  return {
    dependency,
    dependencyVersion,
    compatible: judgement.compatible,
    matchedRange: judgement.matchedRange,
    matchedConstraint: judgement.matchedConstraint,
    relationship: entry.relationship,
    confidence: entry.confidence,
    lastVerified: entry.lastVerified,
    notes: entry.notes,
    sources: entry.sources,
    reason,
  }
}

/**
 * The reason, saying which documented line answered for the requested version, and which
 * since keys were laid over it (docs/api.md, "Since keys").
 */
export function withLine(reason: string, found: FoundVersion): string {
  const { overlay, project, version } = found
  const name = project.document.name
  const from =
    overlay === null
      ? `the documented ${name} ${version.key} line`
      : overlay.base === null
        ? `the documented ${name} ${sinceKeysText(overlay.since).slice('the '.length)}`
        : `the documented ${name} ${overlay.base.key} line with ${sinceKeysText(overlay.since)}`
  return `${reason.replace(/\.$/, '')}; answered from ${from}.`
}

/** No entry: relationship null and confidence low, never a missing field (docs/api.md, "Results"). */
function undocumented(
  dependency: string,
  dependencyVersion: string,
  reason: string,
): DependencyCheck {
  return {
    dependency,
    dependencyVersion,
    compatible: 'unknown',
    matchedRange: null,
    matchedConstraint: null,
    relationship: null,
    confidence: 'low',
    lastVerified: null,
    notes: [],
    sources: [],
    reason,
  }
}
