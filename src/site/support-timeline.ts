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
import type { LifecycleLineResult, LifecycleResult } from '../api/response-schemas.ts'
import { chartId } from './chart-id.ts'
import { el, type MarkupChild, type MarkupElement, srOnly } from './markup.ts'
import { daysLeftText, supportPhrase } from './support-status-markup.ts'

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

type PhaseKind = 'full' | 'security' | 'extended'

/** A stretch of a line's support; `to` is its last day, or how it ends when that is no day. */
interface Phase {
  readonly kind: PhaseKind
  readonly from: string
  readonly to: string | 'open' | 'unknown'
}

/**
 * Full support from the release to the end of bug fixes (or to the end of life when no end of
 * bug fixes is dated), then security fixes only to the end of life, then extended support when
 * it is dated past that. A line whose end of bug fixes is not a date is drawn as one phase: its
 * words say which fixes it gets.
 */
export function phasesOf(line: LifecycleLineResult): readonly Phase[] {
  const { released, activeSupportUntil: active, supportUntil, extendedSupportUntil } = line
  const end =
    typeof supportUntil === 'string' ? supportUntil : supportUntil === null ? 'open' : 'unknown'
  const phases: Phase[] = []
  if (typeof active === 'string' && active >= released && (!isDay(end) || active < end)) {
    phases.push({ kind: 'full', from: released, to: active })
    phases.push({ kind: 'security', from: nextDay(active), to: end })
  } else {
    phases.push({ kind: 'full', from: released, to: end })
  }
  if (typeof extendedSupportUntil === 'string' && isDay(end) && extendedSupportUntil > end) {
    phases.push({ kind: 'extended', from: nextDay(end), to: extendedSupportUntil })
  }
  return phases
}

function isDay(to: Phase['to']): to is string {
  return to !== 'open' && to !== 'unknown'
}

// ---- Layout -------------------------------------------------------------------------------

// Across, everything is a percentage of the drawing's width, which is the column's: the
// timeline fits a 320 px phone and fills a desktop's column, and its text keeps its size (an
// SVG scaled down to a phone, as the support charts are, would shrink it to 8 px). Down,
// everything is in pixels. What must keep a size in pixels across (the arrow of an open end)
// is a nested SVG placed at a percentage.

const FONT_SIZE = 12
/** A row: its words, then its bar. */
const ROW = 34
const WORDS_BASELINE = 13
const BAR_TOP = 18
const BAR = 12
const TODAY_LABEL_BASELINE = 11
const YEAR_LABEL_BASELINE = 27
const AXIS = 32
/** Rows start here. */
const HEADER = 36
/**
 * The axis reaches this far past today at most: one far end (a line supported to 2099) would
 * squeeze every other line into a sliver. A bar that runs on past it ends in an arrow.
 */
const FUTURE_DAYS = 6 * 365
/** Kept free at the right edge, in %, for bars that run on: fading out, then an arrow. */
const RUN_ON_ROOM = 9
/** The arrow's place at the right edge, in %. */
const ARROW_AT = 96
/** Days kept on the axis after the start of a phase whose end was not published. */
const UNKNOWN_END_ROOM = 120
/** A fading end, in %, as three steps. */
const FADE = 6
const ARROW = 7
/** The narrowest drawing, in px (a 320 px phone's column): year labels are spaced for it. */
const NARROWEST = 288
const LABEL_SPACING = 36
const DAY_MS = 86_400_000

interface DrawnLine {
  readonly line: LifecycleLineResult
  readonly phases: readonly Phase[]
}

interface Layout {
  /** The first and last day of the axis, as day numbers. */
  readonly start: number
  readonly end: number
  /** Where the dated part of the axis ends, in %; ends that are no date run on past it. */
  readonly datedRight: number
  readonly height: number
  /** A day's place across, in %. */
  x(day: string): number
}

function layOut(lines: readonly DrawnLine[], today: string): Layout {
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

/** What the timeline shows, so the legend and the description name only that. */
interface Seen {
  readonly kinds: Set<PhaseKind>
  open: boolean
  unknown: boolean
  /** A bar ends past the axis. */
  beyond: boolean
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

// ---- Words ----------------------------------------------------------------------------------

/** Beside a bar: the status with its date, and the days left while the line gets fixes. */
function words(line: LifecycleLineResult): string {
  const left = line.status === 'unreleased' ? null : daysLeftText(line.daysLeft)
  return `${supportPhrase(line)}${left === null ? '' : `, ${left}`}`
}

/**
 * Every fact of a line, in one sentence: `1.35: released 2025-12-17; bug fixes until
 * 2026-12-28; security fixes until 2027-02-28; latest release 1.35.8. On 2026-11-28:
 * supported until 2027-02-28, 92 days left.`
 */
export function lineSentence(line: LifecycleLineResult, day: string): string {
  const { activeSupportUntil: active, supportUntil, extendedSupportUntil: extended } = line
  const fixes = typeof active === 'string' ? 'security fixes' : 'fixes'
  const facts = [
    `released ${line.released}`,
    typeof active === 'string'
      ? `bug fixes until ${active}`
      : active === true
        ? 'bug fixes ended (date not published)'
        : null,
    typeof supportUntil === 'string'
      ? `${fixes} until ${supportUntil}`
      : supportUntil === true
        ? `${fixes} ended (date not published)`
        : `no end of ${fixes} announced`,
    typeof extended === 'string'
      ? `extended support until ${extended}`
      : extended === true
        ? 'extended support ended (date not published)'
        : null,
    line.latest === null ? null : `latest release ${line.latest}`,
  ].filter((fact): fact is string => fact !== null)
  return `${line.line}${line.lts ? ' (LTS)' : ''}: ${facts.join('; ')}. On ${day}: ${words(line)}.`
}

// ---- The figure ----------------------------------------------------------------------------

interface Spec {
  readonly id: string
  readonly title: string
  readonly note: string | null
  readonly today: string
  readonly name: string
}

/** What the timeline shows, in words, for its `desc` (screen readers). */
function description(spec: Spec, layout: Layout, seen: Seen): string {
  return [
    `Rows: ${spec.name} release lines, newest first.`,
    `Across: dates from ${isoDay(layout.start).slice(0, 4)} to ${isoDay(layout.end).slice(0, 4)}, to scale.`,
    'Each bar runs from the day a line came out to the end of its support:',
    seen.kinds.has('security')
      ? 'solid while it gets every fix, hatched while it gets security fixes only;'
      : 'solid while it gets fixes;',
    seen.kinds.has('extended') ? 'a dashed outline is extended support;' : '',
    seen.open ? 'a bar that fades out into a faint arrow has no end announced;' : '',
    seen.beyond
      ? `a bar that ends in a solid arrow at the right edge runs on past ${axisYear(layout)}, to the day its words say;`
      : '',
    seen.unknown ? 'a bar that fades into a question mark ended on a day not published;' : '',
    `the vertical line marks today, ${spec.today}. Over each bar, the line and its status in words.`,
    'The text version after the chart lists every line.',
    spec.note ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ')
}

function figure(
  spec: Spec,
  layout: Layout,
  drawing: readonly MarkupChild[],
  seen: Seen,
  lines: readonly LifecycleLineResult[],
): MarkupElement {
  const { id } = spec
  const svg = el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'support-chart-svg support-timeline-svg',
      width: '100%',
      height: String(layout.height),
      'font-size': String(FONT_SIZE),
      role: 'img',
      'aria-labelledby': `${id}_title ${id}_desc`,
    },
    el('title', { id: `${id}_title` }, spec.title),
    el('desc', { id: `${id}_desc` }, description(spec, layout, seen)),
    ...drawing,
  )
  return el(
    'figure',
    { class: 'support-chart support-timeline', id },
    el(
      'figcaption',
      { id: `${id}_caption` },
      spec.title,
      el('span', { class: 'chart-note' }, ` on ${spec.today}.`),
      spec.note !== null && el('span', { class: 'chart-note' }, ` ${spec.note}`),
    ),
    el('div', { class: 'chart-box' }, svg),
    legend(seen, spec.today, axisYear(layout)),
    el(
      'details',
      { class: 'chart-text', id: `${id}_text` },
      el('summary', {}, 'Chart as text', srOnly(`: ${spec.title}`)),
      el(
        'ul',
        { class: 'chart-text-list' },
        lines.map((line) => el('li', { 'data-line': line.line }, lineSentence(line, spec.today))),
      ),
    ),
  )
}

function legend(seen: Seen, today: string, lastYear: string): MarkupElement {
  const swatch = (tone: string) => el('span', { class: `swatch ${tone}`, 'aria-hidden': 'true' })
  const sign = (text: string) => el('span', { class: 'swatch-sign', 'aria-hidden': 'true' }, text)
  return el(
    'ul',
    { class: 'chart-legend' },
    seen.kinds.has('full') &&
      el('li', {}, swatch('phase-full'), seen.kinds.has('security') ? 'every fix' : 'fixes'),
    seen.kinds.has('security') && el('li', {}, swatch('phase-security'), 'security fixes only'),
    seen.kinds.has('extended') && el('li', {}, swatch('phase-extended'), 'extended support'),
    seen.open && el('li', {}, swatch('fade-swatch'), 'no end announced'),
    seen.beyond && el('li', {}, sign('▶'), `runs on past ${lastYear}`),
    seen.unknown && el('li', {}, sign('?'), 'ended, date not published'),
    el('li', {}, swatch('today-swatch'), `today, ${today}`),
  )
}

// ---- Dates and numbers ------------------------------------------------------------------------

/** The year the axis ends in. */
function axisYear(layout: Layout): string {
  return isoDay(layout.end).slice(0, 4)
}

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD, UTC). */
function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS)
}

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

function nextDay(day: string): string {
  return isoDay(dayNumber(day) + 1)
}

/** A coordinate: one decimal at most, so the output is short and the same on every run. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}

/** A place across, in % of the drawing's width: two decimals (a day on a long axis). */
function pct(value: number): string {
  return `${Math.round(value * 100) / 100}%`
}
