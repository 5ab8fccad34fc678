/**
 * Where a release line stands on a day (docs/api.md, "Support windows"). An end date is the
 * last supported day; a day is a UTC calendar date, YYYY-MM-DD.
 */
import type { LifecycleLine } from '../dataset/schema.ts'

export const SUPPORT_STATUSES = [
  'unreleased',
  'supported',
  'security-only',
  'end-of-life',
  'unknown',
] as const

export type SupportStatus = (typeof SUPPORT_STATUSES)[number]

export interface LineStanding {
  readonly status: Exclude<SupportStatus, 'unknown'>
  /** Days from the day to the end of life: 0 on the last day; null when no date or past. */
  readonly daysLeft: number | null
}

/**
 * @example supportStatus({ released: '2025-08-27', activeSupportUntil: '2026-08-27', supportUntil: '2026-10-27' }, '2026-09-01')
 * // { status: 'security-only', daysLeft: 56 }
 */
export function supportStatus(
  line: Pick<LifecycleLine, 'released' | 'activeSupportUntil' | 'supportUntil'>,
  day: string,
): LineStanding {
  const { released, activeSupportUntil, supportUntil } = line
  const daysLeft =
    typeof supportUntil === 'string' && supportUntil >= day ? daysBetween(day, supportUntil) : null
  if (day < released) return { status: 'unreleased', daysLeft }
  if (hasEnded(supportUntil, day)) return { status: 'end-of-life', daysLeft: null }
  if (hasEnded(activeSupportUntil, day)) return { status: 'security-only', daysLeft }
  return { status: 'supported', daysLeft }
}

/** true, or a last day before `day`; null (ongoing) and absent never end. */
function hasEnded(end: string | true | null | undefined, day: string): boolean {
  return end === true || (typeof end === 'string' && end < day)
}

const DAY_MS = 86_400_000

/** Whole days from one calendar date to a later one. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** Whether a line in this standing still gets fixes (supported, or security fixes only). */
export function isSupportedStatus(status: SupportStatus): boolean {
  return status === 'supported' || status === 'security-only'
}
