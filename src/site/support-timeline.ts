/**
 * A project's support timeline (docs/web.md, "Support windows"): each release line as a bar
 * over a date axis drawn to scale, from the day it came out to the end of its support, with
 * today marked, as inline SVG in markup data, and a text version that carries the same facts
 * for every line.
 *
 * It draws a lifecycle answer (`GET /api/v1/projects/{id}/lifecycle?date=…`, newest line
 * first): the statuses are the API's, and the day is the answer's date, so the line marking
 * today and the words over each bar always agree. Like the support charts (support-chart.ts)
 * it carries no colour (the stylesheet colours it by class, support-timeline.css), and every
 * phase is also told apart by its shape (solid, hatched, dashed outline, fading end), never by
 * colour alone. Unlike them it is as wide as its column, its text at its own size (see Layout).
 */
import type { LifecycleResult } from '../api/response-schemas.ts'
import { chartId } from './chart-id.ts'
import { el, type MarkupChild, type MarkupElement } from './markup.ts'
import { supportPhrase } from './support-status-markup.ts'
import { figure, lineSentence } from './support-timeline-figure.ts'
import {
  ARROW,
  ARROW_AT,
  AXIS,
  BAR,
  BAR_TOP,
  type DrawnLine,
  FADE,
  HEADER,
  LABEL_SPACING,
  type Layout,
  layOut,
  NARROWEST,
  pct,
  ROW,
  type Seen,
  TODAY_LABEL_BASELINE,
  WORDS_BASELINE,
  YEAR_LABEL_BASELINE,
} from './support-timeline-layout.ts'
import {
  dayNumber,
  isDay,
  isoDay,
  nextDay,
  type PhaseKind,
  phasesOf,
} from './support-timeline-phases.ts'
import { n } from './svg-text.ts'

export interface TimelineOptions {
  /** Every id in the timeline starts with it; make it unique on the page. Made id-safe. */
  readonly idPrefix?: string
  /** Lines drawn, newest first; the text version lists every line. Default 12. */
  readonly maxLines?: number
}

export const DEFAULT_MAX_LINES = 12

/**
 * The timeline of a project's release lines on the answer's date, or null when it has none.
 *
 * @example supportTimeline('Kubernetes', lifecycleAnswer, { idPrefix: 'support-timeline' })
 */
export function supportTimeline(
  name: string,
  lifecycle: LifecycleResult,
  options: TimelineOptions = {},
): MarkupElement | null {
  const all = lifecycle.lines
  if (all.length === 0) return null
  const maxLines = Math.max(1, options.maxLines ?? DEFAULT_MAX_LINES)
  const lines = all.slice(0, maxLines).map((line) => ({ line, phases: phasesOf(line) }))
  const today = lifecycle.date
  const title = `${name} release lines and their support`
  const note =
    all.length > lines.length
      ? `Newest ${lines.length} of the ${all.length} release lines; the text version lists all.`
      : null
  const layout = layOut(lines, today)
  const seen: Seen = { kinds: new Set(), open: false, unknown: false, beyond: false }
  const id = chartId(options.idPrefix ?? 'support-timeline')
  const drawing = [
    el(
      'defs',
      {},
      el(
        'pattern',
        {
          id: `${id}_hatch`,
          width: '6',
          height: '6',
          patternUnits: 'userSpaceOnUse',
          patternTransform: 'rotate(45)',
        },
        el('rect', { class: 'hatch-ground', width: '6', height: '6' }),
        el('rect', { class: 'hatch-line', width: '3', height: '6' }),
      ),
    ),
    drawAxis(layout),
    drawRows(lines, layout, today, `url(#${id}_hatch)`, seen),
    drawToday(layout, today),
  ]
  return figure({ id, title, note, today, name }, layout, drawing, seen, all)
}

// ---- Phases: what a line's bar is made of ----------------------------------------------------

// ---- Drawing ------------------------------------------------------------------------------

/** Years along the top, a grid line at each labelled one; quarters too on a short axis. */
function drawAxis(layout: Layout): MarkupElement {
  const { start, end, datedRight, height, x } = layout
  const firstYear = Number(isoDay(start).slice(0, 4))
  const lastYear = Number(isoDay(end).slice(0, 4))
  // Labels spaced for the narrowest drawing; a wider one shows them further apart.
  const perYear = ((365.25 / (end - start)) * datedRight * NARROWEST) / 100
  const step = [1, 2, 5, 10, 20, 50, 100].find((years) => years * perYear >= LABEL_SPACING) ?? 100
  const marks: MarkupChild[] = []
  const gridLine = (day: string, minor: boolean) =>
    el('line', {
      class: minor ? 'tick minor' : 'tick',
      x1: pct(x(day)),
      x2: pct(x(day)),
      y1: n(AXIS),
      y2: n(height - 4),
      'data-day': day,
    })
  for (let year = firstYear; year <= lastYear; year++) {
    const day = `${String(year).padStart(4, '0')}-01-01`
    const at = x(day)
    if (year % step === 0 && at >= 0 && at <= datedRight) {
      marks.push(gridLine(day, false))
      // A label too near an edge would be cut off.
      if (at >= 5 && at <= 95) {
        marks.push(
          el(
            'text',
            { class: 'axis-label', x: pct(at), y: n(YEAR_LABEL_BASELINE), 'text-anchor': 'middle' },
            String(year),
          ),
        )
      }
    }
    // Quarters, when a year is wide enough to show them even on a phone.
    if (perYear < 4 * 20) continue
    for (const month of ['04', '07', '10']) {
      const quarter = `${String(year).padStart(4, '0')}-${month}-01`
      const q = x(quarter)
      if (q >= 0 && q <= datedRight) marks.push(gridLine(quarter, true))
    }
  }
  return el(
    'g',
    { class: 'grid' },
    marks,
    el('line', { class: 'axis', x1: '0', x2: '100%', y1: n(AXIS), y2: n(AXIS) }),
  )
}

function drawRows(
  lines: readonly DrawnLine[],
  layout: Layout,
  today: string,
  hatch: string,
  seen: Seen,
): MarkupElement {
  const { x } = layout
  const rows: MarkupChild[] = []
  for (const [index, { line, phases }] of lines.entries()) {
    const top = HEADER + index * ROW
    const barTop = top + BAR_TOP
    const marks: MarkupChild[] = []
    for (const phase of phases) {
      seen.kinds.add(phase.kind)
      const tone = {
        class: `phase phase-${phase.kind}`,
        fill: phase.kind === 'security' ? hatch : null,
      }
      const from = x(phase.from)
      const data = { 'data-from': phase.from, 'data-to': phase.to }
      // A phase that starts past the axis is left to the words.
      if (dayNumber(phase.from) > layout.end) continue
      if (isDay(phase.to)) {
        if (dayNumber(phase.to) < layout.end) {
          marks.push(bar(from, x(nextDay(phase.to)), barTop, { ...tone, ...data }))
          continue
        }
        // Its end is past the axis: the bar runs on to the edge, into an arrow.
        seen.beyond = true
        marks.push(bar(from, ARROW_AT, barTop, { ...tone, ...data }))
        marks.push(arrow(ARROW_AT, barTop, phase.kind, true))
        continue
      }
      // An end that is no date fades out: into an arrow when none is announced, into a `?`
      // when it ended on a day not published.
      const open = phase.to === 'open'
      seen.open ||= open
      seen.unknown ||= !open
      const fadeFrom = open ? Math.max(from, ARROW_AT - FADE) : from
      if (fadeFrom > from) marks.push(bar(from, fadeFrom, barTop, { ...tone, ...data }))
      for (const step of [1, 2, 3] as const) {
        const at = fadeFrom + ((step - 1) * FADE) / 3
        marks.push(
          bar(at, at + FADE / 3, barTop, {
            ...tone,
            class: `${tone.class} fade fade-${step}`,
            ...(fadeFrom > from || step > 1 ? {} : data),
          }),
        )
      }
      const tip = fadeFrom + FADE
      marks.push(
        open
          ? arrow(tip, barTop, phase.kind, false)
          : el('text', { class: 'end-unknown', x: pct(tip), dx: '3', y: n(barTop + BAR - 1) }, '?'),
      )
    }
    rows.push(
      el(
        'g',
        { class: 'row', 'data-line': line.line, 'data-status': line.status },
        index % 2 === 1 &&
          el('rect', { class: 'stripe', x: '0', y: n(top), width: '100%', height: n(ROW) }),
        el('title', {}, lineSentence(line, today)),
        el(
          'text',
          { class: 'row-words', x: '2', y: n(top + WORDS_BASELINE) },
          el('tspan', { class: 'row-label' }, line.line),
          line.lts && el('tspan', { class: 'row-tag' }, ' LTS'),
          el('tspan', { class: `status-words status-${line.status}` }, ` · ${supportPhrase(line)}`),
        ),
        marks,
      ),
    )
  }
  return el('g', { class: 'rows' }, rows)
}

/**
 * An arrow after a bar that runs on, at a place across (in %), its size in pixels: faint after
 * an end not announced, solid after one past the axis.
 */
function arrow(at: number, barTop: number, kind: PhaseKind, beyond: boolean): MarkupElement {
  return el(
    'svg',
    {
      class: 'end-arrow-box',
      x: pct(at),
      y: n(barTop - 1),
      width: String(ARROW + 2),
      height: String(BAR + 2),
      overflow: 'visible',
    },
    el('path', {
      class: `end-arrow phase-${kind}${beyond ? ' beyond' : ''}`,
      d: `M1 0L${ARROW + 1} ${n(BAR / 2 + 1)}L1 ${BAR + 2}Z`,
    }),
  )
}

/** A phase from one place across to another (in %), a hair apart from the next phase. */
function bar(
  from: number,
  to: number,
  top: number,
  attributes: Readonly<Record<string, string | null>>,
): MarkupElement {
  return el('rect', {
    ...attributes,
    x: pct(from),
    y: n(top),
    width: pct(Math.max(0.4, to - from - 0.2)),
    height: n(BAR),
    rx: '2',
  })
}

/** The vertical line at today, labelled "today" above the axis. */
function drawToday(layout: Layout, today: string): MarkupElement {
  const at = layout.x(today)
  // The label stays inside the drawing: from the line leftwards near the right edge.
  const anchor = at > 92 ? 'end' : at < 8 ? 'start' : 'middle'
  return el(
    'g',
    { class: 'today', 'data-day': today },
    el('line', {
      class: 'today-line',
      x1: pct(at),
      x2: pct(at),
      y1: n(TODAY_LABEL_BASELINE + 3),
      y2: n(layout.height - 2),
    }),
    el(
      'text',
      { class: 'today-label', x: pct(at), y: n(TODAY_LABEL_BASELINE), 'text-anchor': anchor },
      'today',
    ),
  )
}
