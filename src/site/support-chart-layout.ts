/** Where everything of a support chart goes: its axis of versions, columns, rows and size. */
import { compareVersions } from '../core/version/compare-versions.ts'
import type { Version } from '../core/version/parse-version.ts'
import type { Bound, Interval } from '../core/version/range-intervals.ts'
import type { EntryRow, Row } from './support-chart-rows.ts'
import { clamp, textWidth } from './svg-text.ts'

export const ROW = 20
export const BAR = 12
/** The width the columns share before they would get narrower than MIN_COLUMN. */
const PLOT_TARGET = 264
const MIN_COLUMN = 18
const MAX_COLUMN = 48
/** Past this width of MIN_COLUMN columns, columns get narrower, down to DENSE_COLUMN. */
const DENSE_WIDTH = 324
const DENSE_COLUMN = 8
const DENSE_GAP = 3
/** Labels at 45 degrees closer than this would touch. */
const LABEL_SPACING = 17
/** A row naming a project, on the dependency page. */
export const GROUP_ROW = 17
/** The column of versions between a series' end no range names and the next version. */
const GAP = 6
/** After the last version when no range names it: room for open ends to pass it. */
const BEYOND = 14
/** Before the first version, when a range is open below. */
const BEFORE = 16
export const ARROW = 7
/** How far an inclusive upper bound (`<=3.12`, a single version) reaches into its column. */
export const NUB = 5
/** How far after its version an exclusive lower bound (`>3.12`, after `!=`) starts. */
export const HOLE = 3
/** Charts wider than this keep their size in a scroll box on narrow screens. */
export const WIDE = 420

export interface AxisPoint {
  readonly version: Version
  readonly label: string
  readonly named: boolean
}

/** Where everything of a chart goes: its columns, rows and size. */
export interface ChartLayout {
  readonly points: readonly AxisPoint[]
  readonly indexOf: ReadonlyMap<Version, number>
  /** The points that name a version (the others are gaps between them). */
  readonly named: readonly AxisPoint[]
  /** Each point's x. */
  readonly xs: readonly number[]
  readonly column: number
  /** Axis labels written across (else at 45 degrees). */
  readonly across: boolean
  /** The points whose label is written. */
  readonly labelled: ReadonlySet<number>
  readonly labelWidth: number
  readonly plotLeft: number
  readonly plotRight: number
  readonly header: number
  /** Each row's top. */
  readonly tops: readonly number[]
  readonly width: number
  readonly height: number
}

export function layOut(
  rows: readonly Row[],
  entries: readonly EntryRow[],
  intervals: readonly Interval[],
): ChartLayout {
  const { points, indexOf } = axisOf(intervals)
  const named = points.filter((point) => point.named)
  const openBelow = intervals.some((interval) => interval.lower === null)

  // Columns: labels written across when they fit the shared width, else at 45 degrees; when
  // even those would make the chart too wide for a phone, columns get narrower and only the
  // labels with room are written, the coarsest versions first (`22` before `22.12.0`).
  const widest = Math.max(...named.map((point) => textWidth(point.label)))
  const gaps = points.length - named.length
  const across = named.length * (widest + 8) <= PLOT_TARGET
  const column = Math.floor(
    across
      ? clamp(PLOT_TARGET / named.length, widest + 8, Math.max(MAX_COLUMN, widest + 8))
      : named.length * MIN_COLUMN <= DENSE_WIDTH
        ? Math.max(MIN_COLUMN, PLOT_TARGET / named.length)
        : Math.max(DENSE_COLUMN, (DENSE_WIDTH - gaps * DENSE_GAP) / named.length),
  )
  const labelWidth = Math.ceil(Math.max(28, ...entries.map((row) => textWidth(row.label))) + 12)
  const plotLeft = labelWidth
  // Narrow columns get narrow gaps: a chart of single releases (`21.0.3`, `21.1.0`, …) has one
  // after every column.
  const gap = column >= MIN_COLUMN ? GAP : DENSE_GAP
  const xs: number[] = []
  let x = plotLeft + (openBelow ? BEFORE : 0)
  for (const [index, point] of points.entries()) {
    xs.push(x)
    x += point.named ? column : index === points.length - 1 ? BEYOND : gap
  }
  const plotRight = x
  const labelled = labelledPoints(points, xs, column)
  const header = across
    ? 22
    : Math.ceil(
        Math.max(...[...labelled].map((index) => textWidth(points[index]?.label ?? ''))) *
          Math.SQRT1_2 +
          16,
      )
  let width = plotRight + ARROW + 3
  if (!across) {
    for (const index of labelled) {
      const end =
        (xs[index] ?? 0) + column / 2 + textWidth(points[index]?.label ?? '') * Math.SQRT1_2 + 4
      width = Math.max(width, end)
    }
  }
  const tops: number[] = []
  let y = header
  for (const row of rows) {
    tops.push(y)
    y += row.kind === 'group' ? GROUP_ROW : ROW
    if (row.kind === 'group') width = Math.max(width, textWidth(row.label) + 8)
    else if (row.intervals.length === 0) width = Math.max(width, plotLeft + textWidth(row.rule) + 8)
  }
  return {
    points,
    indexOf,
    named,
    xs,
    column,
    across,
    labelled,
    labelWidth,
    plotLeft,
    plotRight,
    header,
    tops,
    width: Math.ceil(width),
    height: y + 4,
  }
}

/**
 * Which named points get a label: all when their columns are wide enough, else those with room,
 * the coarsest versions first (fewest release parts, trailing zeros aside), then from the left.
 */
function labelledPoints(
  points: readonly AxisPoint[],
  xs: readonly number[],
  column: number,
): ReadonlySet<number> {
  const named = [...points.keys()].filter((index) => points[index]?.named === true)
  if (column >= LABEL_SPACING) return new Set(named)
  const depth = (index: number): number => {
    const version = points[index]?.version
    if (version === undefined) return 0
    let parts = version.release.length
    while (parts > 1 && version.release[parts - 1] === 0n) parts--
    return parts + (version.pre !== null || version.post !== null ? 1 : 0)
  }
  const byPriority = named.sort((a, b) => depth(a) - depth(b) || a - b)
  const kept: number[] = []
  for (const index of byPriority) {
    const at = xs[index] ?? 0
    if (kept.every((other) => Math.abs((xs[other] ?? 0) - at) >= LABEL_SPACING)) kept.push(index)
  }
  return new Set(kept)
}

/** The distinct bounds in version order; equal versions are one point, named when any is. */
function axisOf(intervals: readonly Interval[]): {
  points: readonly AxisPoint[]
  indexOf: ReadonlyMap<Version, number>
} {
  const bounds: Bound[] = []
  for (const { lower, upper } of intervals) {
    if (lower !== null) bounds.push(lower)
    if (upper !== null) bounds.push(upper)
  }
  bounds.sort((a, b) => compareVersions(a.version, b.version))
  const points: AxisPoint[] = []
  const indexOf = new Map<Version, number>()
  for (const bound of bounds) {
    const last = points.at(-1)
    if (last !== undefined && compareVersions(last.version, bound.version) === 0) {
      points[points.length - 1] = merged(last, bound)
    } else {
      points.push({ version: bound.version, label: bound.version.raw, named: bound.named })
    }
    indexOf.set(bound.version, points.length - 1)
  }
  return { points, indexOf }
}

/** A named spelling beats an implied one; then the shortest, then the first in code order. */
function merged(point: AxisPoint, bound: Bound): AxisPoint {
  const label = bound.version.raw
  const better =
    bound.named &&
    (!point.named ||
      label.length < point.label.length ||
      (label.length === point.label.length && label < point.label))
  return {
    version: better ? bound.version : point.version,
    label: better ? label : point.label,
    named: point.named || bound.named,
  }
}

export function labelAt(
  points: readonly AxisPoint[],
  indexOf: ReadonlyMap<Version, number>,
  version: Version,
): string {
  return points[indexOf.get(version) ?? 0]?.label ?? version.raw
}
