/** One dependency checked against a resolved project version: the fields every check result shares. */
import type { CompiledProject, CompiledVersion } from '../dataset/build-dataset.ts'
import type { DependencyCheck } from './check-result.ts'
import { describeUnknownDependency } from './describe-unknown.ts'
import { judgeEntry } from './judge-entry.ts'
import type { ResolvedVersion } from './resolve-project-version.ts'

// Combinations repeat most of their checks (a stack where one version moved): a check of a
// resolved project version is decided once and its (immutable) result shared, up to a bound
// for all versions together, after which the memory starts over.
const MAX_REMEMBERED_CHECKS = 20_000
let remembered = new WeakMap<CompiledVersion, Map<string, DependencyCheck>>()
let rememberedCount = 0

/**
 * @example checkDependency(resolveProjectVersion(dataset, 'django', '5.2'), '5.2', 'python', '3.12.4')
 */
export function checkDependency(
  found: ResolvedVersion,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
): DependencyCheck {
  if ('unknown' in found) return undocumented(dependency, dependencyVersion, found.unknown)
  let checks = remembered.get(found.version)
  const key = `${found.byLine ? 'l' : 'k'}${projectVersion}\u0000${dependency}\u0000${dependencyVersion}`
  const known = checks?.get(key)
  if (known !== undefined) return known
  const check = decide(found, projectVersion, dependency, dependencyVersion)
  if (rememberedCount >= MAX_REMEMBERED_CHECKS) {
    remembered = new WeakMap()
    rememberedCount = 0
    checks = undefined
  }
  if (checks === undefined) {
    checks = new Map()
    remembered.set(found.version, checks)
  }
  checks.set(key, check)
  rememberedCount++
  return check
}

// Results are built field by field, always in the same order: one object shape for V8,
// and the order of the response schema.
function decide(
  found: Extract<ResolvedVersion, { project: unknown }>,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
): DependencyCheck {
  const compiled = found.version.dependencies.get(dependency)
  if (compiled === undefined) {
    const reason = describeUnknownDependency(found.project, found.version, dependency)
    return undocumented(
      dependency,
      dependencyVersion,
      found.byLine ? withLine(reason, found) : reason,
    )
  }
  const judgement = judgeEntry(compiled, dependencyVersion, projectVersion)
  const { entry } = compiled
  const reason = found.byLine ? withLine(judgement.reason, found) : judgement.reason
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

/** The reason, saying which documented line answered for the requested version. */
export function withLine(
  reason: string,
  found: { readonly project: CompiledProject; readonly version: CompiledVersion },
): string {
  return `${reason.replace(/\.$/, '')}; answered from the documented ${found.project.document.name} ${found.version.key} line.`
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
