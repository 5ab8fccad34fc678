/**
 * The plan `compat scan --plan` asks (docs/cli.md, "compat scan"): from the stack the
 * repository pins to one where every component with lifecycle data is supported on the day,
 * one step at a time. Each catalogued project pinned is a component at the oldest version
 * pinned (the one that has furthest to move); those with a pin past its end of life come
 * first, so that a stack over the plan's limit keeps them.
 */

import type { PlanRequest } from '../plan/plan-request.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import type { Finding } from './scan-result.ts'

/** The most components a plan takes (docs/api.md, "Plans"). */
export const MAX_PLAN_COMPONENTS = 32

export interface ScanPlanRequest {
  readonly request: PlanRequest
  /** Catalogued projects pinned beyond the plan's limit, left out of it. */
  readonly leftOut: readonly string[]
}

/**
 * Null when no pin is past its end of life: nothing to plan.
 *
 * @example scanPlanRequest(findings, '2026-11-28')?.request.components // [['nodejs', '16'], ['postgresql', '17']]
 */
export function scanPlanRequest(findings: readonly Finding[], day: string): ScanPlanRequest | null {
  const oldest = new Map<string, { version: string; endOfLife: boolean }>()
  for (const finding of findings) {
    if (finding.project === null || typeof finding.version !== 'string') continue
    const parsed = parseVersion(finding.version)
    if (parsed === null) continue
    const endOfLife = finding.status === 'end-of-life'
    const known = oldest.get(finding.project)
    const knownVersion = known === undefined ? null : parseVersion(known.version)
    const older = knownVersion === null || compareVersions(parsed, knownVersion) < 0
    oldest.set(finding.project, {
      version: older ? finding.version : (known as { version: string }).version,
      endOfLife: (known?.endOfLife ?? false) || endOfLife,
    })
  }
  const entries = [...oldest.entries()]
  if (!entries.some(([, pin]) => pin.endOfLife)) return null
  // Stable: the order the repository pins them in, those past their end of life first.
  entries.sort(([, a], [, b]) => Number(b.endOfLife) - Number(a.endOfLife))
  const kept = entries.slice(0, MAX_PLAN_COMPONENTS)
  return {
    request: {
      components: kept.map(([project, pin]) => [project, pin.version] as const),
      target: [],
      // A repository's pins are rarely documented against one another: a pair without
      // evidence must not stop the way to supported lines.
      unknown: 'allow',
      path: true,
      supportedOn: day,
    },
    leftOut: entries.slice(MAX_PLAN_COMPONENTS).map(([project]) => project),
  }
}
