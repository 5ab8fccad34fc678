/**
 * Which versions of a project fit a set of dependency versions (docs/api.md, "Versions that
 * fit"): every documented key judged as a combination check, since keys laid over their line.
 */
import { aggregateVerdicts } from '../check/aggregate-verdicts.ts'
import { type DependencyMatch, decideDependency } from '../check/check-dependency.ts'
import { summarize } from '../check/evaluate-combination.ts'
import { entriesOf, type FoundVersion, findVersion } from '../check/find-version.ts'
import {
  type CompiledProject,
  type CompiledVersion,
  type Dataset,
  findProject,
} from '../dataset/build-dataset.ts'
import { linkedEntry } from '../dataset/links.ts'
import { findLifecycleLine } from '../lifecycle/find-lifecycle-line.ts'
import { isSupportedStatus, supportStatus } from '../lifecycle/support-status.ts'
import type { VersionCheck, VersionsResult, VersionVerdict } from './versions-result.ts'

export interface VersionsRequest {
  /** An id or an alias. */
  readonly project: string
  /** In request order; a name appears once. */
  readonly dependencies: readonly (readonly [string, string])[]
  /** The day each version's support is judged on, YYYY-MM-DD. */
  readonly date: string
}

const BY_LINK: DependencyMatch = 'link'

// Each key of a project found as a deployed version (since keys laid over their line's base),
// newest first: the same for every request on the dataset, so found once.
const deployedKeys = new WeakMap<
  CompiledProject,
  (FoundVersion & { requested: CompiledVersion })[]
>()

function keysAsDeployed(
  dataset: Dataset,
  project: CompiledProject,
): readonly (FoundVersion & { requested: CompiledVersion })[] {
  let keys = deployedKeys.get(project)
  if (keys === undefined) {
    keys = []
    for (const requested of project.versions) {
      const found = findVersion(dataset, project, requested.key, 'line')
      if (found !== null) keys.push({ ...found, requested })
    }
    deployedKeys.set(project, keys)
  }
  return keys
}

/**
 * Undefined when no project answers to the id or alias (a 404).
 *
 * @example evaluateVersions(dataset, { project: 'cnpg', dependencies: [['kubernetes', '1.34.1'], ['postgresql', '18.1']] })
 */
export function evaluateVersions(
  dataset: Dataset,
  request: VersionsRequest,
): VersionsResult | undefined {
  const project = findProject(dataset, request.project)
  if (project === undefined) return undefined
  let newestCompatible: string | null = null
  let newestSupportedCompatible: string | null = null
  const lifecycle = project.document.lifecycle
  const versions: VersionVerdict[] = []
  for (const found of keysAsDeployed(dataset, project)) {
    const key = found.requested
    const entries = entriesOf(found)
    const checks: VersionCheck[] = request.dependencies.map(([dependency, dependencyVersion]) => {
      const decided = decideDependency(found, key.key, dependency, dependencyVersion, BY_LINK)
      const entry = linkedEntry(dataset, entries, dependency)
      return {
        dependency: decided.dependency,
        dependencyVersion: decided.dependencyVersion,
        key: entry?.key ?? null,
        compatible: decided.compatible,
        matchedRange: decided.matchedRange,
        matchedConstraint: decided.matchedConstraint,
        relationship: decided.relationship,
        confidence: decided.confidence,
        lastVerified: decided.lastVerified,
        reason: decided.reason,
      }
    })
    const compatible = aggregateVerdicts(checks)
    const line = lifecycle === undefined ? null : findLifecycleLine(lifecycle, key.key)
    const status = line === null ? 'unknown' : supportStatus(line.line, request.date).status
    if (compatible === 'compatible' && key.version.pre === null) {
      newestCompatible ??= key.key
      if (isSupportedStatus(status)) newestSupportedCompatible ??= key.key
    }
    versions.push({
      version: key.key,
      since: key.since,
      compatible,
      reason: summarize(compatible, checks),
      status,
      checks,
    })
  }
  const dependencies: Record<string, string> = Object.create(null)
  for (const [name, version] of request.dependencies) dependencies[name] = version
  return {
    project: request.project,
    dependencies,
    newestCompatible,
    date: request.date,
    newestSupportedCompatible,
    versions,
  }
}
