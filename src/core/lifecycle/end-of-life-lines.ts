/**
 * For `compat outdated`: the documented release lines (those a version key falls in) that are
 * end of life on a day while a newer documented line is still supported, the keys whose
 * evidence matters less each day.
 */

import type { Lifecycle } from '../dataset/schema.ts'
import { newestFirst } from './evaluate-lifecycle.ts'
import { findLifecycleLine } from './find-lifecycle-line.ts'
import type { SupportEnd } from './lifecycle-result.ts'
import { supportStatus } from './support-status.ts'

export interface SupportedLine {
  readonly line: string
  readonly status: 'supported' | 'security-only'
  readonly supportUntil: SupportEnd
}

export interface EndOfLifeLine {
  readonly line: string
  /** The last day of support, or true when it ended on a day not published. */
  readonly supportUntil: string | true
  /** The newer documented lines still supported on the day, newest first. */
  readonly newerSupported: readonly SupportedLine[]
}

/**
 * Newest first; a line is listed once however many keys fall in it (1.27 and the since key
 * 1.27.1), and only when a newer documented line is supported: the newest documented line
 * going out of support is not a lag in the data.
 *
 * @example endOfLifeLines(platform.lifecycle, ['1.34', '1.33'], '2026-07-01') // [{ line: '1.33', … newerSupported: [{ line: '1.34', … }] }]
 */
export function endOfLifeLines(
  lifecycle: Lifecycle,
  documentedKeys: readonly string[],
  day: string,
): EndOfLifeLine[] {
  const documented = new Set(
    documentedKeys.flatMap((key) => findLifecycleLine(lifecycle, key)?.key ?? []),
  )
  const lines = newestFirst(lifecycle)
    .filter(([key]) => documented.has(key))
    .map(([key, line]) => ({ key, line, status: supportStatus(line, day).status }))
  const found: EndOfLifeLine[] = []
  lines.forEach(({ key, line, status }, index) => {
    if (status !== 'end-of-life' || line.supportUntil === null) return
    const newerSupported = lines
      .slice(0, index)
      .flatMap((newer): SupportedLine[] =>
        newer.status === 'supported' || newer.status === 'security-only'
          ? [{ line: newer.key, status: newer.status, supportUntil: newer.line.supportUntil }]
          : [],
      )
    if (newerSupported.length > 0) {
      found.push({ line: key, supportUntil: line.supportUntil, newerSupported })
    }
  })
  return found
}
