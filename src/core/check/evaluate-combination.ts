/** The combination check: several dependencies against one project version (docs/api.md, "Results"). */
import type { Dataset } from '../dataset/build-dataset.ts'
import { aggregateVerdicts } from './aggregate-verdicts.ts'
import { rememberedChecks, withLine } from './check-dependency.ts'
import type { CombinationCheckResult, Verdict } from './check-result.ts'
import { resolveProjectVersion, type VersionLookup } from './resolve-project-version.ts'

export interface CombinationRequest {
  readonly project: string
  readonly version: string
  /** In request order; a key appears once. */
  readonly dependencies: readonly (readonly [string, string])[]
}

export function evaluateCombination(
  dataset: Dataset,
  request: CombinationRequest,
  lookup: VersionLookup = 'exact',
): CombinationCheckResult {
  // The project and its version are looked up once for all dependencies.
  const found = resolveProjectVersion(dataset, request.project, request.version, lookup)
  const check = rememberedChecks(found, request.version)
  const checks = request.dependencies.map(([dependency, dependencyVersion]) =>
    check(dependency, dependencyVersion),
  )
  const dependencies: Record<string, string> = Object.create(null)
  for (const [key, value] of request.dependencies) dependencies[key] = value
  const compatible = aggregateVerdicts(checks)
  const summary = summarize(compatible, checks)
  return {
    project: request.project,
    version: request.version,
    dependencies,
    compatible,
    reason: 'byLine' in found && found.byLine ? withLine(summary, found) : summary,
    checks,
  }
}

export function summarize(
  compatible: Verdict,
  checks: readonly { readonly compatible: Verdict; readonly dependency: string }[],
): string {
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
