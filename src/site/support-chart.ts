/**
 * Support charts: which dependency versions each project version documents (project page), and
 * which projects document which versions of a dependency (dependency page), as inline SVG in
 * markup data, with a text alternative that carries the same facts.
 *
 * The horizontal axis is ordinal, not to scale: the distinct versions the charted ranges name,
 * in the core's version order (docs/api.md, "Versions"), each starting a column that reaches the
 * next one. A series (`3.11`, docs/api.md "Ranges") covers its column up to the next series
 * (`3.12`); when no range names that next series it is still a boundary, drawn as a narrow
 * unlabelled column (PostgreSQL `9.7` between `9.6` and `10`, which the data never mentions). The
 * bounds of a comparator set (`>=3.10 !=3.11.2 <3.14`) are columns of their own; an open end runs
 * to the edge of the chart and ends in an arrow.
 *
 * Colours come from the stylesheet (support-chart.css) by class (`bar confidence-high`,
 * `bar tested`), so the light and the dark scheme both apply; the SVG carries no colour. Layout
 * numbers are SVG user units: at its natural size one unit is one CSS pixel; narrower screens
 * scale the chart down (`max-width: 100%`), and a chart too wide to stay legible that way keeps its
 * size in a scroll box.
 */

import type { DependencyEntry, DependencyUse } from '../api/response-schemas.ts'
import { compareVersions } from '../core/version/compare-versions.ts'
import { isTighterLower, isTighterUpper, parseRange } from '../core/version/parse-range.ts'
import type { Version } from '../core/version/parse-version.ts'
import { el, type MarkupChild, type MarkupElement, srOnly } from './markup.ts'
import { documentedRule, entryOf, isSinceKey, type Project, sinceText } from './project-model.ts'

export interface Bound {
  readonly version: Version
  readonly inclusive: boolean
  /** False for the end of a series no range names (`3.12` after the series `3.11`). */
  readonly named: boolean
}

/** A stretch of the version order; a null bound is open on that side. */
export interface Interval {
  readonly lower: Bound | null
  readonly upper: Bound | null
}

export interface ProjectChartOptions {
  /** Every id in the chart starts with it; make it unique on the page. Made id-safe. */
  readonly idPrefix?: string
  /** Rows drawn, newest first; the rest are left to the matrix. Default 40. */
  readonly maxRows?: number
}

export interface DependencyChartOptions {
  /** Every id in the chart starts with it; make it unique on the page. Made id-safe. */
  readonly idPrefix?: string
  /**
   * Versions drawn per project, newest first; the rest are left to the project pages. By
   * default 3, fewer when many projects document the dependency: about ROW_BUDGET rows in all,
   * at least one per project.
   */
  readonly versionsPerProject?: number
}

export const DEFAULT_MAX_ROWS = 40
export const DEFAULT_VERSIONS_PER_PROJECT = 3
/** Entry rows the dependency chart aims at when it chooses how many versions per project. */
export const ROW_BUDGET = 90

type Confidence = DependencyEntry['confidence']

/** What a row draws: an entry of a project document or of the dependency view. */
interface Facts {
  readonly ranges: readonly string[]
  readonly basis?: 'supported' | 'tested' | undefined
  readonly confidence: Confidence
}

interface EntryRow {
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

interface GroupRow {
  readonly kind: 'group'
  readonly label: string
}

type Row = EntryRow | GroupRow

/**
 * One project's chart for one dependency key: a row per version whose own document names the
 * key, newest first (a since key's row is its own entry, labelled `5.2.8+`: a since key that does
 * not name the key keeps its line's entry, already a row); at most `maxRows` rows. Null when no
 * drawn row has a range to draw.
 *
 * @example projectSupportChart(toProject(django, order), 'python', { idPrefix: 'chart-python' })
 */
export function projectSupportChart(
  project: Project,
  dependencyKey: string,
  options: ProjectChartOptions = {},
): MarkupElement | null {
  const maxRows = Math.max(1, options.maxRows ?? DEFAULT_MAX_ROWS)
  const rows: EntryRow[] = []
  let documenting = 0
  for (const version of project.versions) {
    const entry = entryOf(project, version, dependencyKey)
    if (entry === null) continue
    documenting++
    if (rows.length === maxRows) continue
    const since = isSinceKey(project, version)
    rows.push(
      entryRow(version, since, '', documentedRule(entry, version), entry, {
        'data-version': version,
      }),
    )
  }
  const name = project.document.name
  const note =
    documenting > rows.length
      ? `Newest ${rows.length} of the ${documenting} ${name} versions that document ${dependencyKey}; the compatibility matrix lists all.`
      : null
  const text = el(
    'ul',
    { class: 'chart-text-list' },
    rows.map((row) => el('li', {}, rowSentence(row))),
  )
  return drawChart({
    idPrefix: options.idPrefix ?? `support-${dependencyKey}`,
    title: `${dependencyKey} versions documented by each ${name} version`,
    rowsAre: `${name} versions, newest first`,
    dependency: dependencyKey,
    note,
    rows,
    text,
  })
}

/**
 * The dependency page's chart: for each project (in the order given, by project id from the
 * API), its newest entries (see `versionsPerProject`), under a row naming the project. Null when no
 * drawn entry has a range to draw.
 *
 * @example dependencySupportChart(view.entries, 'postgresql', { idPrefix: 'chart-postgresql' })
 */
export function dependencySupportChart(
  uses: readonly DependencyUse[],
  dependency: string,
  options: DependencyChartOptions = {},
): MarkupElement | null {
  const groups = new Map<string, DependencyUse[]>()
  for (const use of uses) {
    const group = groups.get(use.project)
    if (group === undefined) groups.set(use.project, [use])
    else group.push(use)
  }
  const perProject = Math.max(
    1,
    options.versionsPerProject ??
      Math.min(DEFAULT_VERSIONS_PER_PROJECT, Math.floor(ROW_BUDGET / Math.max(1, groups.size))),
  )
  const rows: Row[] = []
  const listed: MarkupElement[] = []
  let shown = 0
  for (const [project, group] of groups) {
    const entries = group.slice(0, perProject).map((use) => {
      return entryRow(
        use.version,
        use.since,
        `${project} `,
        documentedRule({ ...use, notes: [], sources: [] }, use.version) +
          (use.key === dependency ? '' : ` (keyed ${use.key})`),
        use,
        { 'data-project': project, 'data-version': use.version },
      )
    })
    shown += entries.length
    rows.push({ kind: 'group', label: project }, ...entries)
    const more = group.length - entries.length
    listed.push(
      el(
        'li',
        {},
        more > 0 ? `${project} (newest ${entries.length} of ${group.length} versions)` : project,
        el(
          'ul',
          {},
          entries.map((row) => el('li', {}, rowSentence(row))),
        ),
      ),
    )
  }
  const note =
    uses.length > shown
      ? `${perProject === 1 ? 'The newest version' : `The newest ${perProject} versions`} of each of the ${groups.size} projects: ${shown} of ${uses.length} entries; each project’s page lists all.`
      : null
  return drawChart({
    idPrefix: options.idPrefix ?? `support-by-${dependency}`,
    title: `${dependency} versions documented by each project`,
    rowsAre: 'project versions, by project, newest first',
    dependency,
    note,
    rows,
    text: el('ul', { class: 'chart-text-list' }, listed),
  })
}

/**
 * The stretches of the version order a documented range admits, read as the core reads it
 * (docs/api.md, "Ranges"): a series `3.11` is `>=3.11 <3.12`, a series naming a pre- or
 * post-release that version alone, and `!=` cuts a hole. Null for text that is not a range.
 *
 * @example rangeIntervals('>=20 !=21.0.0 <23') // [20, 21.0.0) and (21.0.0, 23)
 */
export function rangeIntervals(text: string): readonly Interval[] | null {
  const parsed = parseRange(text)
  if (!('range' in parsed)) return null
  const { range } = parsed
  if (range.kind === 'series') {
    const lower: Bound = { version: range.version, inclusive: true, named: true }
    if (range.version.pre !== null || range.version.post !== null) return [{ lower, upper: lower }]
    const upper: Bound = { version: nextSeries(range.version), inclusive: false, named: false }
    return [{ lower, upper }]
  }
  let lower: Bound | null = null
  let upper: Bound | null = null
  const holes: Version[] = []
  for (const { operator, version } of range.comparators) {
    if (operator === '!=') {
      holes.push(version)
      continue
    }
    if (operator !== '<' && operator !== '<=') {
      const bound = { version, inclusive: operator !== '>', named: true }
      if (lower === null || isTighterLower(bound, lower)) lower = bound
    }
    if (operator !== '>' && operator !== '>=') {
      const bound = { version, inclusive: operator !== '<', named: true }
      if (upper === null || isTighterUpper(bound, upper)) upper = bound
    }
  }
  let intervals: readonly Interval[] = [{ lower, upper }]
  for (const hole of holes) intervals = intervals.flatMap((interval) => cut(interval, hole))
  return intervals
}

/** Whether a version lies in an interval, by the core's ordering. */
export function intervalContains({ lower, upper }: Interval, version: Version): boolean {
  if (lower !== null) {
    const order = compareVersions(version, lower.version)
    if (order < 0 || (order === 0 && !lower.inclusive)) return false
  }
  if (upper !== null) {
    const order = compareVersions(version, upper.version)
    if (order > 0 || (order === 0 && !upper.inclusive)) return false
  }
  return true
}

/**
 * Turns any text into an id-safe one, one to one: `a-z`, `0-9` and `-` stay, anything else
 * becomes `_<hex code>_` (`python3.11` → `python3_2e_11`). Every `_` of such an id opens or closes
 * an escape, so an id made here followed by `_title` (`_desc`, `_caption`, `_text`: the chart's
 * own ids) is never an id made here: keys `a` and `a-title` cannot collide.
 */
export function chartId(text: string): string {
  let id = ''
  for (const character of text) {
    id += /^[a-z0-9-]$/.test(character)
      ? character
      : `_${(character.codePointAt(0) ?? 0).toString(16)}_`
  }
  return id
}

function nextSeries(version: Version): Version {
  const release = [...version.release]
  const last = release.length - 1
  release[last] = (release[last] ?? 0n) + 1n
  return { raw: release.join('.'), release, pre: null, post: null, flavor: null, build: null }
}

function cut(interval: Interval, hole: Version): readonly Interval[] {
  if (!intervalContains(interval, hole)) return [interval]
  const edge: Bound = { version: hole, inclusive: false, named: true }
  const parts: Interval[] = []
  if (interval.lower === null || compareVersions(interval.lower.version, hole) < 0) {
    parts.push({ lower: interval.lower, upper: edge })
  }
  if (interval.upper === null || compareVersions(hole, interval.upper.version) < 0) {
    parts.push({ lower: edge, upper: interval.upper })
  }
  return parts
}

/** `prefix` comes before the version in the text alternative: the project, on a dependency page. */
function entryRow(
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
function rowSentence(row: EntryRow): string {
  const tested = row.facts.basis === 'tested' ? '; tested versions only' : ''
  return `${row.text}: ${row.rule} (${row.facts.confidence} confidence${tested})`
}

// ---- Drawing --------------------------------------------------------------------------------

const FONT_SIZE = 12
const ROW = 20
const BAR = 12
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
const GROUP_ROW = 17
/** The column of versions between a series' end no range names and the next version. */
const GAP = 6
/** After the last version when no range names it: room for open ends to pass it. */
const BEYOND = 14
/** Before the first version, when a range is open below. */
const BEFORE = 16
const ARROW = 7
/** How far an inclusive upper bound (`<=3.12`, a single version) reaches into its column. */
const NUB = 5
/** How far after its version an exclusive lower bound (`>3.12`, after `!=`) starts. */
const HOLE = 3
/** Charts wider than this keep their size in a scroll box on narrow screens. */
const WIDE = 420
const CONFIDENCES: readonly Confidence[] = ['high', 'medium', 'low']

interface ChartSpec {
  readonly idPrefix: string
  readonly title: string
  /** What the rows are, for the description: "Django versions, newest first". */
  readonly rowsAre: string
  readonly dependency: string
  readonly note: string | null
  readonly rows: readonly Row[]
  readonly text: MarkupElement
}

interface AxisPoint {
  readonly version: Version
  readonly label: string
  readonly named: boolean
}

function drawChart(spec: ChartSpec): MarkupElement | null {
  const entries = spec.rows.filter((row): row is EntryRow => row.kind === 'entry')
  const intervals = entries.flatMap((row) => row.intervals)
  if (intervals.length === 0) return null
  const layout = layOut(spec.rows, entries, intervals)
  const seen: Seen = { confidence: new Set(), tested: false, open: false, since: null }
  const { stripes, rows } = drawRows(spec.rows, layout, seen)
  const { grid, axisLabels } = drawAxis(layout)
  return chartFigure(
    spec,
    layout,
    [
      stripes,
      el('g', { class: 'grid' }, grid),
      el('line', {
        class: 'axis',
        x1: n(layout.plotLeft),
        x2: n(layout.plotRight),
        y1: n(layout.header - 4),
        y2: n(layout.header - 4),
      }),
      el('g', { class: 'axis-labels' }, axisLabels),
      rows,
    ],
    seen,
  )
}

/** Where everything of a chart goes: its columns, rows and size. */
interface ChartLayout {
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

function layOut(
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

/** The grid's lines, one per point, and the labels over the named ones. */
function drawAxis(layout: ChartLayout): { grid: MarkupChild[]; axisLabels: MarkupChild[] } {
  const { points, xs, column, across, labelled, header, height } = layout
  const grid: MarkupChild[] = []
  const axisLabels: MarkupChild[] = []
  for (const [index, point] of points.entries()) {
    const at = xs[index] ?? 0
    grid.push(
      el('line', {
        class: point.named ? 'tick' : 'tick minor',
        x1: n(at),
        x2: n(at),
        y1: n(header - 4),
        y2: n(height - 4),
        'data-version': point.label,
      }),
    )
    if (!labelled.has(index)) continue
    const middle = at + column / 2
    axisLabels.push(
      across
        ? el(
            'text',
            { class: 'axis-label', x: n(middle), y: n(header - 8), 'text-anchor': 'middle' },
            point.label,
          )
        : el(
            'text',
            {
              class: 'axis-label',
              x: n(middle - 2),
              y: n(header - 6),
              transform: `rotate(-45 ${n(middle - 2)} ${n(header - 6)})`,
            },
            point.label,
          ),
    )
  }
  return { grid, axisLabels }
}

/** Every row: group headings, entry rows with their bars; `seen` records what the legend needs. */
function drawRows(
  rows: readonly Row[],
  layout: ChartLayout,
  seen: Seen,
): { stripes: MarkupChild[]; rows: MarkupChild[] } {
  const { points, indexOf, xs, labelWidth, plotLeft, plotRight, header, tops, width } = layout
  const xOf = (version: Version): number => xs[indexOf.get(version) ?? 0] ?? plotLeft
  const stripes: MarkupChild[] = []
  const drawnRows: MarkupChild[] = []
  let striped = false
  for (const [index, row] of rows.entries()) {
    const top = tops[index] ?? header
    const baseline = top + (row.kind === 'group' ? GROUP_ROW : ROW) / 2 + FONT_SIZE / 3
    if (row.kind === 'group') {
      striped = false
      drawnRows.push(
        el(
          'g',
          { class: 'group' },
          index > 0 &&
            el('line', { class: 'group-rule', x1: '0', x2: n(width), y1: n(top), y2: n(top) }),
          el('text', { class: 'group-label', x: '2', y: n(baseline) }, shorten(row.label, 48)),
        ),
      )
      continue
    }
    if (striped) {
      stripes.push(
        el('rect', { class: 'stripe', x: '0', y: n(top), width: n(width), height: n(ROW) }),
      )
    }
    striped = !striped
    const { confidence } = row.facts
    const tested = row.facts.basis === 'tested'
    seen.confidence.add(confidence)
    seen.tested ||= tested
    seen.since ??= row.since
    const tone = `confidence-${confidence}${tested ? ' tested' : ''}`
    const barTop = top + (ROW - BAR) / 2
    const marks: MarkupChild[] = []
    for (const { lower, upper } of row.intervals) {
      // Bars are inset by a unit, so that neighbours (`14`, `15`) show as two.
      let from =
        lower === null ? plotLeft + ARROW : xOf(lower.version) + (lower.inclusive ? 0 : HOLE)
      let to = upper === null ? plotRight : xOf(upper.version) + (upper.inclusive ? NUB : 0)
      if (to - from > 6) {
        from += 1
        to -= 1
      }
      seen.open ||= lower === null || upper === null
      marks.push(
        el('rect', {
          class: `bar ${tone}${lower === null ? ' open-start' : ''}${upper === null ? ' open-end' : ''}`,
          x: n(from),
          y: n(barTop),
          width: n(Math.max(2, to - from)),
          height: n(BAR),
          rx: '2',
          'data-from': lower === null ? null : labelAt(points, indexOf, lower.version),
          'data-to': upper === null ? null : labelAt(points, indexOf, upper.version),
        }),
      )
      if (upper === null) marks.push(arrow(plotRight, barTop, 1, confidence))
      if (lower === null) marks.push(arrow(plotLeft + ARROW, barTop, -1, confidence))
    }
    drawnRows.push(
      el(
        'g',
        { class: 'row', ...row.data },
        el('title', {}, rowSentence(row)),
        el(
          'text',
          { class: 'row-label', x: n(labelWidth - 6), y: n(baseline), 'text-anchor': 'end' },
          row.label,
        ),
        marks.length > 0
          ? marks
          : el('text', { class: 'row-note', x: n(plotLeft + 4), y: n(baseline) }, row.rule),
      ),
    )
  }
  return { stripes, rows: drawnRows }
}

/** What the chart shows, in words, for its `desc` (screen readers). */
function chartDescription(spec: ChartSpec, layout: ChartLayout, seen: Seen): string {
  const first = layout.named[0]?.label ?? ''
  const last = layout.named.at(-1)?.label ?? ''
  return [
    `Rows: ${spec.rowsAre}.`,
    `Columns: ${spec.dependency} versions named by the documented ranges, from ${first} to ${last},`,
    `in version order, not to scale. Each bar spans the ${spec.dependency} versions a row documents;`,
    seen.open ? 'an arrow means the range is open on that side;' : '',
    'colour shows confidence.',
    seen.tested ? 'Dashed outlines are versions the source only reports as tested.' : '',
    'The text version after the chart lists the same facts.',
    spec.note ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ')
}

/** The figure: caption, legend, the drawing (scrolling in its box when wide) and text version. */
function chartFigure(
  spec: ChartSpec,
  layout: ChartLayout,
  drawing: readonly MarkupChild[],
  seen: Seen,
): MarkupElement {
  const id = chartId(spec.idPrefix)
  const { width, height } = layout
  const wide = width > WIDE
  const svg = el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'support-chart-svg',
      viewBox: `0 0 ${width} ${height}`,
      width: String(width),
      height: String(height),
      'font-size': String(FONT_SIZE),
      role: 'img',
      'aria-labelledby': `${id}_title ${id}_desc`,
    },
    el('title', { id: `${id}_title` }, spec.title),
    el('desc', { id: `${id}_desc` }, chartDescription(spec, layout, seen)),
    ...drawing,
  )
  return el(
    'figure',
    { class: 'support-chart', id },
    el(
      'figcaption',
      { id: `${id}_caption` },
      spec.title,
      spec.note !== null && el('span', { class: 'chart-note' }, ` ${spec.note}`),
    ),
    // Before the drawing: a chart of many rows would put it screens below.
    legend(seen),
    el(
      'div',
      wide
        ? {
            class: 'chart-box wide',
            tabindex: '0',
            role: 'region',
            'aria-labelledby': `${id}_caption`,
          }
        : { class: 'chart-box' },
      svg,
    ),
    el(
      'details',
      { class: 'chart-text', id: `${id}_text` },
      el('summary', {}, 'Chart as text', srOnly(`: ${spec.title}`)),
      spec.note !== null && el('p', { class: 'chart-note' }, spec.note),
      spec.text,
    ),
  )
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

function labelAt(
  points: readonly AxisPoint[],
  indexOf: ReadonlyMap<Version, number>,
  version: Version,
): string {
  return points[indexOf.get(version) ?? 0]?.label ?? version.raw
}

/** A triangle at a bar's open end: `direction` 1 points right from `x`, -1 left to `x - ARROW`. */
function arrow(x: number, top: number, direction: 1 | -1, confidence: Confidence): MarkupChild {
  const tip = x + direction * ARROW
  return el('path', {
    class: `arrow confidence-${confidence}`,
    d: `M${n(x)} ${n(top - 1)}L${n(tip)} ${n(top + BAR / 2)}L${n(x)} ${n(top + BAR + 1)}Z`,
  })
}

/** What the chart shows, so the legend names only that. */
interface Seen {
  readonly confidence: Set<Confidence>
  tested: boolean
  open: boolean
  /** The first since key drawn, for the legend's example. */
  since: string | null
}

function legend(seen: Seen): MarkupElement {
  const swatch = (tone: string) => el('span', { class: `swatch ${tone}`, 'aria-hidden': 'true' })
  return el(
    'ul',
    { class: 'chart-legend' },
    CONFIDENCES.filter((confidence) => seen.confidence.has(confidence)).map((confidence) =>
      el('li', {}, swatch(`confidence-${confidence}`), `${confidence} confidence`),
    ),
    seen.tested && el('li', {}, swatch('tested'), 'tested versions only'),
    seen.open &&
      el('li', {}, el('span', { class: 'swatch-arrow', 'aria-hidden': 'true' }, '▶'), 'and later'),
    seen.since !== null &&
      el('li', {}, `${shorten(seen.since, 13)}+: ${sinceText(seen.since)} (a since key)`),
  )
}

/** An estimate of the text's width at FONT_SIZE in a sans-serif font, on the wide side. */
function textWidth(text: string): number {
  let width = 0
  for (const character of text) {
    if (character === '.' || character === ' ' || character === ',') width += 3.8
    else if (/[0-9]/.test(character)) width += 7.4
    else if (/[A-Zmw+]/.test(character)) width += 9.5
    else width += 7.4
  }
  return width
}

function shorten(text: string, length: number): string {
  const characters = [...text]
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

/** A coordinate: one decimal at most, so the output is short and the same on every run. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}
