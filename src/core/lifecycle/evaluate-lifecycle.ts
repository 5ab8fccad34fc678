/** A project's release lines and where each stands on a day (docs/api.md, "Support windows"). */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { Lifecycle, LifecycleLine } from '../dataset/schema.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import type { LifecycleLineResult, LifecycleResult } from './lifecycle-result.ts'
import { supportStatus } from './support-status.ts'

/**
 * Undefined when no project answers to the id or alias (a 404); a project without lifecycle
 * data answers with no lines.
 *
 * @example evaluateLifecycle(dataset, 'kubernetes', '2026-11-28')?.lines[0]?.status
 */
export function evaluateLifecycle(
  dataset: Dataset,
  project: string,
  day: string,
): LifecycleResult | undefined {
  const found = findProject(dataset, project)
  if (found === undefined) return undefined
  const lifecycle = found.document.lifecycle
  if (lifecycle === undefined) {
    return {
      project,
      date: day,
      confidence: 'low',
      lastVerified: null,
      notes: [],
      sources: [],
      lines: [],
    }
  }
  return {
    project,
    date: day,
    confidence: lifecycle.confidence,
    lastVerified: lifecycle.lastVerified,
    notes: lifecycle.notes ?? [],
    sources: lifecycle.sources,
    lines: newestFirst(lifecycle).map(([key, line]) => lineResult(key, line, day)),
  }
}

/** One line as answered, its absent fields null (lts false). */
export function lineResult(key: string, line: LifecycleLine, day: string): LifecycleLineResult {
  const { status, daysLeft } = supportStatus(line, day)
  return {
    line: key,
    released: line.released,
    activeSupportUntil: line.activeSupportUntil ?? null,
    supportUntil: line.supportUntil,
    extendedSupportUntil: line.extendedSupportUntil ?? null,
    lts: line.lts === true,
    latest: line.latest ?? null,
    status,
    daysLeft,
    sources: line.sources ?? [],
  }
}

/** The block's lines, newest first by version order. */
export function newestFirst(lifecycle: Lifecycle): [string, LifecycleLine][] {
  const keyed = Object.entries(lifecycle.lines).map(
    ([key, line]) => [key, line, parseVersion(key)] as const,
  )
  keyed.sort(([, , a], [, , b]) => (a === null || b === null ? 0 : compareVersions(b, a)))
  return keyed.map(([key, line]) => [key, line])
}
