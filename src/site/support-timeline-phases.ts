/** What a release line's bar is made of: its phases of support, between calendar days. */
import type { LifecycleLineResult } from '../api/response-schemas.ts'

const DAY_MS = 86_400_000

export type PhaseKind = 'full' | 'security' | 'extended'

/** A stretch of a line's support; `to` is its last day, or how it ends when that is no day. */
export interface Phase {
  readonly kind: PhaseKind
  readonly from: string
  readonly to: string | 'open' | 'unknown'
}

/**
 * Full support from the release to the end of bug fixes (or to the end of life when no end of
 * bug fixes is dated), then security fixes only to the end of life, then extended support when
 * it is dated past that. A line whose end of bug fixes is not a date is drawn as one phase: its
 * words say which fixes it gets.
 */
export function phasesOf(line: LifecycleLineResult): readonly Phase[] {
  const { released, activeSupportUntil: active, supportUntil, extendedSupportUntil } = line
  const end =
    typeof supportUntil === 'string' ? supportUntil : supportUntil === null ? 'open' : 'unknown'
  const phases: Phase[] = []
  if (typeof active === 'string' && active >= released && (!isDay(end) || active < end)) {
    phases.push({ kind: 'full', from: released, to: active })
    phases.push({ kind: 'security', from: nextDay(active), to: end })
  } else {
    phases.push({ kind: 'full', from: released, to: end })
  }
  if (typeof extendedSupportUntil === 'string' && isDay(end) && extendedSupportUntil > end) {
    phases.push({ kind: 'extended', from: nextDay(end), to: extendedSupportUntil })
  }
  return phases
}

export function isDay(to: Phase['to']): to is string {
  return to !== 'open' && to !== 'unknown'
}

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD, UTC). */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS)
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export function nextDay(day: string): string {
  return isoDay(dayNumber(day) + 1)
}
