/** The single check (seed 4.3) and the combination check (seed 4.4, CONTRACT §4). */
import type { CompiledProject, CompiledVersion, Dataset } from '../dataset/build-dataset.ts'
import type {
  CombinationCheckResult,
  DependencyCheck,
  SingleCheckResult,
  Verdict,
} from './check-result.ts'
import {
  describeUnknownDependency,
  describeUnknownProject,
  describeUnknownVersion,
} from './describe-unknown.ts'
import { judgeEntry } from './judge-entry.ts'

export interface CheckRequest {
  readonly project: string
  readonly version: string
  readonly dependency: string
  readonly dependencyVersion: string
}

export interface CombinationRequest {
  readonly project: string
  readonly version: string
  /** In request order; a key appears once. */
  readonly dependencies: readonly (readonly [string, string])[]
}

export function evaluateCheck(dataset: Dataset, request: CheckRequest): SingleCheckResult {
  const { project, version, dependency, dependencyVersion } = request
  const found = resolveVersion(dataset, project, version)
  const check = checkDependency(found, version, dependency, dependencyVersion)
  return {
    project,
    version,
    dependency,
    dependencyVersion,
    compatible: check.compatible,
    matchedRange: check.matchedRange,
    matchedConstraint: check.matchedConstraint,
    relationship: check.relationship,
    confidence: check.confidence,
    lastVerified: check.lastVerified,
    notes: check.notes,
    sources: check.sources,
    reason: check.reason,
  }
}

export function evaluateCombination(
  dataset: Dataset,
  request: CombinationRequest,
): CombinationCheckResult {
  // The project and its version are looked up once for all dependencies.
  const found = resolveVersion(dataset, request.project, request.version)
  const checks = request.dependencies.map(([dependency, dependencyVersion]) =>
    checkDependency(found, request.version, dependency, dependencyVersion),
  )
  const dependencies: Record<string, string> = Object.create(null)
  for (const [key, value] of request.dependencies) dependencies[key] = value
  const compatible = aggregate(checks)
  return {
    project: request.project,
    version: request.version,
    dependencies,
    compatible,
    reason: summarize(compatible, checks),
    checks,
  }
}

/** The documented project version, or why there is none. */
type Resolved =
  | { readonly project: CompiledProject; readonly version: CompiledVersion }
  | { readonly unknown: string }

function resolveVersion(dataset: Dataset, projectId: string, versionKey: string): Resolved {
  const project = dataset.projects.get(projectId)
  if (project === undefined) return { unknown: describeUnknownProject(dataset, projectId) }
  const version = project.versionsByKey.get(versionKey)
  if (version === undefined) return { unknown: describeUnknownVersion(project, versionKey) }
  return { project, version }
}

// Results are built field by field, always in the same order: one object shape for V8,
// and the order of the response schema.
function checkDependency(
  found: Resolved,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
): DependencyCheck {
  if ('unknown' in found) return undocumented(dependency, dependencyVersion, found.unknown)
  const compiled = found.version.dependencies.get(dependency)
  if (compiled === undefined) {
    const reason = describeUnknownDependency(found.project, found.version, dependency)
    return undocumented(dependency, dependencyVersion, reason)
  }
  const judgement = judgeEntry(compiled, dependencyVersion, projectVersion)
  const { entry } = compiled
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
    reason: judgement.reason,
  }
}

/** CONTRACT §4: no entry means relationship null and confidence low, never a missing field. */
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

function aggregate(checks: readonly { compatible: Verdict }[]): Verdict {
  if (checks.some((check) => check.compatible === 'incompatible')) return 'incompatible'
  if (checks.some((check) => check.compatible === 'unknown')) return 'unknown'
  return 'compatible'
}

function summarize(compatible: Verdict, checks: readonly DependencyCheck[]): string {
  const named = (verdict: Verdict) =>
    checks.filter((check) => check.compatible === verdict).map((check) => check.dependency)
  const list = (keys: string[]) => keys.map((key) => `"${key}"`).join(', ')
  if (compatible === 'compatible') {
    return checks.length === 1
      ? 'The one dependency is documented compatible.'
      : `All ${checks.length} dependencies are documented compatible.`
  }
  if (compatible === 'incompatible') {
    const keys = named('incompatible')
    const noun = checks.length === 1 ? 'dependency' : 'dependencies'
    return `${keys.length} of ${checks.length} ${noun} ${keys.length === 1 ? 'is' : 'are'} incompatible: ${list(keys)}.`
  }
  const keys = named('unknown')
  return `None is incompatible, but ${keys.length} of ${checks.length} cannot be decided: ${list(keys)}.`
}
