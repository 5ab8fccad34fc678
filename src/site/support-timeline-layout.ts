/** Where a support timeline's days and rows go. */
import type { LifecycleLineResult } from '../api/response-schemas.ts'
import { dayNumber, isDay, type Phase, type PhaseKind } from './support-timeline-phases.ts'

// Across, everything is a percentage of the drawing's width, which is the column's: the
// timeline fits a 320 px phone and fills a desktop's column, and its text keeps its size (an
// SVG scaled down to a phone, as the support charts are, would shrink it to 8 px). Down,
// everything is in pixels. What must keep a size in pixels across (the arrow of an open end)
// is a nested SVG placed at a percentage.

/** A row: its words, then its bar. */
export const ROW = 34
export const WORDS_BASELINE = 13
export const BAR_TOP = 18
export const BAR = 12
export const TODAY_LABEL_BASELINE = 11
export const YEAR_LABEL_BASELINE = 27
export const AXIS = 32
/** Rows start here. */
export const HEADER = 36
/**
 * The axis reaches this far past today at most: one far end (a line supported to 2099) would
 * squeeze every other line into a sliver. A bar that runs on past it ends in an arrow.
 */
export const FUTURE_DAYS = 6 * 365
/** Kept free at the right edge, in %, for bars that run on: fading out, then an arrow. */
export const RUN_ON_ROOM = 9
/** The arrow's place at the right edge, in %. */
export const ARROW_AT = 96
/** Days kept on the axis after the start of a phase whose end was not published. */
export const UNKNOWN_END_ROOM = 120
/** A fading end, in %, as three steps. */
export const FADE = 6
export const ARROW = 7
/** The narrowest drawing, in px (a 320 px phone's column): year labels are spaced for it. */
export const NARROWEST = 288
export const LABEL_SPACING = 36

export interface DrawnLine {
  readonly line: LifecycleLineResult
  readonly phases: readonly Phase[]
}

export interface Layout {
  /** The first and last day of the axis, as day numbers. */
  readonly start: number
  readonly end: number
  /** Where the dated part of the axis ends, in %; ends that are no date run on past it. */
  readonly datedRight: number
  readonly height: number
  /** A day's place across, in %. */
  x(day: string): number
}

export function layOut(lines: readonly DrawnLine[], today: string): Layout {
  const limit = dayNumber(today) + FUTURE_DAYS
  const days = [dayNumber(today)]
  let runsOn = false
  for (const { phases } of lines) {
    for (const phase of phases) {
      days.push(dayNumber(phase.from))
      if (isDay(phase.to)) days.push(dayNumber(phase.to) + 1)
      // An end not published fades out after its start: room for that on the axis.
      else if (phase.to === 'unknown') days.push(dayNumber(phase.from) + UNKNOWN_END_ROOM)
      else runsOn = true
    }
  }
  const first = Math.min(...days)
  const latest = Math.max(...days)
  runsOn ||= latest > limit
  const last = Math.min(latest, limit)
  const span = Math.max(365, last - first)
  const start = Math.floor(first - span * 0.015)
  const end = Math.ceil(last + span * 0.03)
  const datedRight = 100 - (runsOn ? RUN_ON_ROOM : 0)
  return {
    start,
    end,
    datedRight,
    height: HEADER + lines.length * ROW + 4,
    x: (day) => ((dayNumber(day) - start) / (end - start)) * datedRight,
  }
}

/** What the timeline shows, so the legend and the description name only that. */
export interface Seen {
  readonly kinds: Set<PhaseKind>
  open: boolean
  unknown: boolean
  /** A bar ends past the axis. */
  beyond: boolean
}

/** A place across, in % of the drawing's width: two decimals (a day on a long axis). */
export function pct(value: number): string {
  return `${Math.round(value * 100) / 100}%`
}
