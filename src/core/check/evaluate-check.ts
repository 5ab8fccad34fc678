/** The single check (seed 4.3) and the combination check (seed 4.4, CONTRACT §4). */
import type { CompiledEntry, Dataset } from '../dataset/build-dataset.ts'
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
  return { project, version, dependency, dependencyVersion, ...checkOne(dataset, request) }
}

export function evaluateCombination(
  dataset: Dataset,
  request: CombinationRequest,
): CombinationCheckResult {
  const checks = request.dependencies.map(([dependency, dependencyVersion]) => ({
    dependency,
    dependencyVersion,
    ...checkOne(dataset, { ...request, dependency, dependencyVersion }),
  }))
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

type Evidence = Omit<DependencyCheck, 'dependency' | 'dependencyVersion'>

function checkOne(dataset: Dataset, request: CheckRequest): Evidence {
  const project = dataset.projects.get(request.project)
  if (project === undefined) return undocumented(describeUnknownProject(dataset, request.project))
  const version = project.versionsByKey.get(request.version)
  if (version === undefined) return undocumented(describeUnknownVersion(project, request.version))
  const entry = version.dependencies.get(request.dependency)
  if (entry === undefined) {
    return undocumented(describeUnknownDependency(project, version, request.dependency))
  }
  return {
    ...judgeEntry(entry, request.dependencyVersion, request.version),
    ...evidenceOf(entry),
  }
}

function evidenceOf({ entry }: CompiledEntry) {
  return {
    relationship: entry.relationship,
    confidence: entry.confidence,
    lastVerified: entry.lastVerified,
    notes: entry.notes,
    sources: entry.sources,
  }
}

/** CONTRACT §4: no entry means relationship null and confidence low, never a missing field. */
function undocumented(reason: string): Evidence {
  return {
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
    return `${keys.length} of ${checks.length} ${checks.length === 1 ? 'dependency is' : 'dependencies are'} incompatible: ${list(keys)}.`
  }
  const keys = named('unknown')
  return `None is incompatible, but ${keys.length} of ${checks.length} cannot be decided: ${list(keys)}.`
}
