/**
 * What would work instead when none of the versions a component may end a plan at is supported
 * on the plan's day (docs/api.md, "Plans": `blocking[].support`): the nearest day on which one
 * of them is, and for a target, the nearest release line supported on the day asked.
 */
import type { Lifecycle } from '../dataset/schema.ts'
import { newestFirst } from '../lifecycle/evaluate-lifecycle.ts'
import { findLifecycleLine } from '../lifecycle/find-lifecycle-line.ts'
import { daysBetween, isSupportedStatus, supportStatus } from '../lifecycle/support-status.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'

/**
 * The remedies in words, or null when the data know of none (no dated end, no line supported
 * on the day). `versions` are the versions the component may end at; `target` names the
 * component when its version was a plan target.
 *
 * @example supportRemedy(k8s.lifecycle, ['1.34'], '2027-06-30', 'kubernetes')
 * // 'the nearest day that works for it is 2026-10-27 (the 1.34 line’s last supported day); target kubernetes 1.36 instead to be supported on 2027-06-30'
 */
export function supportRemedy(
  lifecycle: Lifecycle,
  versions: readonly string[],
  day: string,
  target: string | null,
): string | null {
  const remedies: string[] = []
  const nearestDay = nearestSupportedDay(lifecycle, versions, day)
  if (nearestDay !== null) {
    remedies.push(`the nearest day that works for it is ${nearestDay.day} (${nearestDay.why})`)
  }
  const version = versions.at(-1)
  const line =
    target === null || version === undefined ? null : nearestLine(lifecycle, version, day)
  if (line !== null) remedies.push(`target ${target} ${line} instead to be supported on ${day}`)
  return remedies.length === 0 ? null : remedies.join('; ')
}

/** The day nearest to `day` on which one of `versions` is supported: a line's last or first. */
function nearestSupportedDay(
  lifecycle: Lifecycle,
  versions: readonly string[],
  day: string,
): { day: string; why: string } | null {
  const candidates: { day: string; why: string }[] = []
  for (const version of versions) {
    const found = findLifecycleLine(lifecycle, version)
    if (found === null) continue
    const { line, key } = found
    const { status } = supportStatus(line, day)
    if (status === 'end-of-life' && typeof line.supportUntil === 'string') {
      candidates.push({ day: line.supportUntil, why: `the ${key} line’s last supported day` })
    } else if (status === 'unreleased') {
      candidates.push({ day: line.released, why: `the day the ${key} line is released` })
    }
  }
  const distance = (candidate: string) => Math.abs(daysBetween(day, candidate))
  // The nearest; of two as near, the earlier; of lines ending the same day, the newest (the
  // versions come lowest first).
  return candidates.reduce<{ day: string; why: string } | null>((best, candidate) => {
    if (best === null) return candidate
    const nearer = distance(candidate.day) - distance(best.day)
    return nearer < 0 || (nearer === 0 && candidate.day <= best.day) ? candidate : best
  }, null)
}

/**
 * The release line supported on `day` nearest to `version`: the lowest above it, else the
 * newest below it. Null when no line is supported that day.
 */
function nearestLine(lifecycle: Lifecycle, version: string, day: string): string | null {
  const wanted = parseVersion(version)
  if (wanted === null) return null
  const supported = newestFirst(lifecycle).flatMap(([key, line]) => {
    const parsed = parseVersion(key)
    return parsed !== null && isSupportedStatus(supportStatus(line, day).status)
      ? [{ key, parsed }]
      : []
  })
  // Newest first: the last above is the lowest above; else the first is the newest below.
  const above = supported.filter(({ parsed }) => compareVersions(parsed, wanted) > 0).at(-1)
  return (above ?? supported[0])?.key ?? null
}
