/**
 * Where a release line stands, in words, everywhere on the site (docs/web.md, "Support
 * windows"): the project page's timeline, the stack page's components, the dependency page's
 * rows. The words always say it; a badge's colour only repeats them.
 */
import type { SupportStatus } from '../api/response-schemas.ts'
import type { SupportEnd } from '../core/lifecycle/lifecycle-result.ts'
import { el, type MarkupElement, srOnly } from './markup.ts'

/** What a phrase is made from: a line of a lifecycle answer or a stack's component support. */
export interface SupportFacts {
  readonly status: SupportStatus
  readonly supportUntil: SupportEnd
  /** The day the line came out, when known: an unreleased line says when it is due. */
  readonly released?: string
}

/**
 * The status with its date: `supported until 2027-02-28`, `security fixes until 2026-10-27`,
 * `end of life since 2026-10-27` (the last supported day, as the support badge says it),
 * `ended (date not published)`, `not released yet`.
 *
 * @example supportPhrase({ status: 'end-of-life', supportUntil: true }) // 'ended (date not published)'
 */
export function supportPhrase({ status, supportUntil, released }: SupportFacts): string {
  const until = typeof supportUntil === 'string' ? supportUntil : null
  switch (status) {
    case 'supported':
      return until === null ? 'supported, no end announced' : `supported until ${until}`
    case 'security-only':
      return until === null
        ? 'security fixes only, no end announced'
        : `security fixes until ${until}`
    case 'end-of-life':
      return until === null ? 'ended (date not published)' : `end of life since ${until}`
    case 'unreleased':
      return released === undefined ? 'not released yet' : `not released yet (due ${released})`
    case 'unknown':
      return 'no support dates recorded'
  }
}

/** `92 days left`, `1 day left`, `last day`; null when there is no date to count to. */
export function daysLeftText(daysLeft: number | null): string | null {
  if (daysLeft === null) return null
  if (daysLeft === 0) return 'last day'
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`
}

/** Whether a line in this status still gets fixes: what the dependency page's filter keeps. */
export function getsFixes(status: SupportStatus): boolean {
  return status === 'supported' || status === 'security-only'
}

/**
 * The words in a badge coloured by status (styles.css, `.support-*`); screen readers hear
 * "support: " first, since the words alone could be read as something else.
 */
export function supportBadge(status: SupportStatus, words: string): MarkupElement {
  return el('span', { class: `badge support-${status}` }, srOnly('support: '), words)
}
