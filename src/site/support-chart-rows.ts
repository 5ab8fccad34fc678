/** The rows of a support chart: what each draws and how it reads in words. */
import type { DependencyEntry } from '../api/response-schemas.ts'
import { type Interval, rangeIntervals } from '../core/version/range-intervals.ts'
import { sinceText } from './project-model.ts'
import { shorten } from './svg-text.ts'

export type Confidence = DependencyEntry['confidence']

/** What a row draws: an entry of a project document or of the dependency view. */
export interface Facts {
  readonly ranges: readonly string[]
  readonly basis?: 'supported' | 'tested' | undefined
  readonly confidence: Confidence
}

export interface EntryRow {
  readonly kind: 'entry'
  /** In the SVG: the version key, `5.2.8+` for a since key. */
  readonly label: string
  /** In the text alternative and the tooltip: `5.2.8 and later 5.2 releases`. */
  readonly text: string
  /** The ranges as written and the constraints in words (documentedRule). */
  readonly rule: string
  readonly facts: Facts
  /** A since key: the key, else null. */
  readonly since: string | null
  /** The stretches its ranges cover; text that is no range draws nothing. */
  readonly intervals: readonly Interval[]
  readonly data: Readonly<Record<string, string>>
}

export interface GroupRow {
  readonly kind: 'group'
  readonly label: string
}

export type Row = EntryRow | GroupRow

/** `prefix` comes before the version in the text alternative: the project, on a dependency page. */
export function entryRow(
  version: string,
  since: boolean,
  prefix: string,
  rule: string,
  facts: Facts,
  data: Readonly<Record<string, string>>,
): EntryRow {
  const intervals = facts.ranges.flatMap((range) => rangeIntervals(range) ?? [])
  return {
    kind: 'entry',
    label: since ? `${shorten(version, 13)}+` : shorten(version, 14),
    text: `${prefix}${since ? sinceText(version) : version}`,
    rule,
    facts,
    since: since ? version : null,
    intervals,
    data,
  }
}

/** `26.8: 14, 15, 16 (high confidence)`: a row of the chart in words. */
export function rowSentence(row: EntryRow): string {
  const tested = row.facts.basis === 'tested' ? '; tested versions only' : ''
  return `${row.text}: ${row.rule} (${row.facts.confidence} confidence${tested})`
}
