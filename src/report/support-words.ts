/** Support windows in words, for the tables of `lifecycle`, `versions`, `stack`, `plan`, `outdated` and `scan`. */
import { statusWords } from '../api/support-status-words.ts'
import type { ComponentSupport, SupportEnd } from '../core/lifecycle/lifecycle-result.ts'
import { formatTable } from './format-text.ts'

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

/** Each component's release line on the day; support never changes the verdict. */
export function describeSupport(support: readonly ComponentSupport[]): string[] {
  return formatTable(
    ['COMPONENT', 'VERSION', 'LINE', 'SUPPORT', 'UNTIL'],
    support.map((item) => [
      item.component,
      item.version,
      item.line ?? '-',
      statusWords(item.status),
      item.status === 'unknown' ? '-' : untilWords(item),
    ]),
  )
}

/** The end of support, with the days left while there are some. */
function untilWords(item: ComponentSupport): string {
  const until = supportEndWords(item.supportUntil)
  return item.daysLeft === null ? until : `${until} (${daysLeftWords(item.daysLeft)})`
}

const SUMMARY_ORDER = [
  'supported',
  'security-only',
  'unreleased',
  'end-of-life',
  'unknown',
] as const

/** `1 supported, 1 end of life (platform), 1 unknown (dbo)`: every component not supported is named. */
export function supportSummary(support: readonly ComponentSupport[]): string {
  if (support.every((item) => item.status === 'supported')) {
    return `all ${support.length} supported`
  }
  return SUMMARY_ORDER.flatMap((status) => {
    const those = support.filter((item) => item.status === status)
    if (those.length === 0) return []
    const named =
      status === 'supported' ? '' : ` (${those.map((item) => item.component).join(', ')})`
    return [`${those.length} ${statusWords(status)}${named}`]
  }).join(', ')
}

/** `platform 1.33.2 (line 1.33, support ended 2026-06-28)`. */
export function describeEnded(item: ComponentSupport): string {
  const ended =
    typeof item.supportUntil === 'string'
      ? `support ended ${item.supportUntil}`
      : 'support ended on a day not published'
  return `${item.component} ${item.version} (line ${item.line}, ${ended})`
}
