/**
 * A support status in words, the one spelling the CLI's tables, the reports and the site's
 * pages share (docs/api.md names the statuses; the words are how people read them).
 */
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
