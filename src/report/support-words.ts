/** Support windows in words, for the tables of `lifecycle`, `versions`, `stack`, `outdated` and `scan`. */
import type { SupportEnd } from '../core/lifecycle/lifecycle-result.ts'
import type { SupportStatus } from '../core/lifecycle/support-status.ts'

const STATUS_WORDS: Readonly<Record<SupportStatus, string>> = {
  unreleased: 'not released yet',
  supported: 'supported',
  'security-only': 'security fixes only',
  'end-of-life': 'end of life',
  unknown: 'unknown',
}

/** @example statusWords('security-only') // 'security fixes only' */
export function statusWords(status: SupportStatus): string {
  return STATUS_WORDS[status] ?? status
}

/**
 * The last day of a kind of support: its date, `ended (no date)` when it ended on a day not
 * published, `ongoing` when no end is announced.
 *
 * @example supportEndWords(true) // 'ended (no date)'
 */
export function supportEndWords(end: SupportEnd): string {
  if (end === true) return 'ended (no date)'
  return end ?? 'ongoing'
}

/** @example daysLeftWords(0) // 'last day'; daysLeftWords(null) // '-' */
export function daysLeftWords(daysLeft: number | null): string {
  if (daysLeft === null) return '-'
  if (daysLeft === 0) return 'last day'
  return daysLeft === 1 ? '1 day' : `${daysLeft} days`
}
