/** One dependency checked against a resolved project version: the fields every check result shares. */
import type { CompiledProject, CompiledVersion } from '../dataset/build-dataset.ts'
import type { DependencyCheck } from './check-result.ts'
import { describeUnknownDependency } from './describe-unknown.ts'
import { judgeEntry } from './judge-entry.ts'
import type { ResolvedVersion } from './resolve-project-version.ts'

// Results are built field by field, always in the same order: one object shape for V8,
// and the order of the response schema.
export function checkDependency(
  found: ResolvedVersion,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
): DependencyCheck {
  if ('unknown' in found) return undocumented(dependency, dependencyVersion, found.unknown)
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
