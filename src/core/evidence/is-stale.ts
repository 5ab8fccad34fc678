/**
 * The one rule for stale evidence (docs/api.md, "Evidence"), used by `compat stale`, the web
 * page and anything else that marks evidence as due for re-verification.
 *
 * Evidence is stale when it was not verified within the last 365 days — or never verified,
 * whatever its confidence. A year is about two release cycles of most projects we document
 * (a support matrix can change twice in that time), and it matches how the evidence model
 * reads: a date says when someone last looked. An entry nobody ever verified is no fresher
 * than an old one; its low confidence already says how much to trust it, so that is not a
 * reason to call it fresh.
 */

export const STALE_AFTER_DAYS = 365

const DAY_MS = 86_400_000

/**
 * Whole days from `lastVerified` to `today` (both YYYY-MM-DD); null when never verified or
 * unreadable.
 *
 * @example evidenceAgeDays('2026-01-10', '2026-11-23') // 317
 */
export function evidenceAgeDays(lastVerified: string | null, today: string): number | null {
  if (lastVerified === null) return null
  const verified = Date.parse(`${lastVerified}T00:00:00Z`)
  const now = Date.parse(`${today}T00:00:00Z`)
  if (Number.isNaN(verified) || Number.isNaN(now)) return null
  return Math.round((now - verified) / DAY_MS)
}

/**
 * @example isStale('2025-11-01', '2026-11-23') // true: 387 days
 * @example isStale(null, '2026-11-23') // true: never verified
 * @example isStale('2026-06-01', '2026-11-23', 90) // true with a stricter threshold
 */
export function isStale(
  lastVerified: string | null,
  today: string,
  afterDays: number = STALE_AFTER_DAYS,
): boolean {
  const age = evidenceAgeDays(lastVerified, today)
  return age === null || age > afterDays
}

/** Today's date in UTC as YYYY-MM-DD, the form `isStale` compares. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
