/** Draws a support chart: the SVG, its legend, its description and the figure around them. */
import type { Version } from '../core/version/parse-version.ts'
import { chartId } from './chart-id.ts'
import { labelledSvg } from './labelled-svg.ts'
import { el, type MarkupChild, type MarkupElement, srOnly } from './markup.ts'
import { sinceText } from './project-model.ts'
import {
  ARROW,
  BAR,
  type ChartLayout,
  GROUP_ROW,
  HOLE,
  labelAt,
  layOut,
  NUB,
  ROW,
  WIDE,
} from './support-chart-layout.ts'
import { type Confidence, type EntryRow, type Row, rowSentence } from './support-chart-rows.ts'
import { FONT_SIZE, n, shorten } from './svg-text.ts'

const CONFIDENCES: readonly Confidence[] = ['high', 'medium', 'low']

export interface ChartSpec {
  readonly idPrefix: string
  readonly title: string
  /** What the rows are, for the description: "Django versions, newest first". */
  readonly rowsAre: string
  readonly dependency: string
  readonly note: string | null
  readonly rows: readonly Row[]
  readonly text: MarkupElement
}

export function drawChart(spec: ChartSpec): MarkupElement | null {
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
  const svg = labelledSvg(
    id,
    {
      class: 'support-chart-svg',
      viewBox: `0 0 ${width} ${height}`,
      width: String(width),
      height: String(height),
    },
    spec.title,
    chartDescription(spec, layout, seen),
    drawing,
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
