/**
 * A project page says "newest documented" in its matrix and check, and draws its release
 * lines from the support windows: when the two disagree (support data lagging the
 * compatibility data, or the reverse), the support windows say so in words, so the page never
 * contradicts itself (docs/web.md, "Support windows").
 */
import type { LifecycleResult } from '../api/response-schemas.ts'
import type { Lifecycle } from '../core/dataset/schema.ts'
import { findLifecycleLine } from '../core/lifecycle/find-lifecycle-line.ts'
import { compareVersions } from '../core/version/compare-versions.ts'
import { parseVersion } from '../core/version/parse-version.ts'

/**
 * Null when the newest documented version's line is the newest released line.
 *
 * @example newestLineNote('Kubernetes', '1.37', answer, lifecycle) // 'No support dates are recorded yet for Kubernetes 1.37, the newest version documented here; the newest line with support dates is 1.36.'
 */
export function newestLineNote(
  name: string,
  newestDocumented: string | undefined,
  answer: LifecycleResult,
  lifecycle: Lifecycle,
): string | null {
  if (newestDocumented === undefined) return null
  const released = answer.lines.find((line) => line.status !== 'unreleased')
  const covering = findLifecycleLine(lifecycle, newestDocumented)
  if (covering === null) {
    return `No support dates are recorded yet for ${name} ${newestDocumented}, the newest version documented here${released === undefined ? '' : `; the newest line with support dates is ${released.line}`}.`
  }
  const newest = released === undefined ? null : parseVersion(released.line)
  const documented = parseVersion(covering.key)
  if (released === undefined || newest === null || documented === null) return null
  if (compareVersions(newest, documented) <= 0) return null
  return `${name} ${released.line} is out (released ${released.released}), but the newest version with compatibility data here is ${newestDocumented}.`
}
