/** A support timeline's figure: caption, legend, description and the text version of its lines. */
import type { LifecycleLineResult } from '../api/response-schemas.ts'
import { labelledSvg } from './labelled-svg.ts'
import { el, type MarkupChild, type MarkupElement, srOnly } from './markup.ts'
import { daysLeftText, supportPhrase } from './support-status-markup.ts'
import type { Layout, Seen } from './support-timeline-layout.ts'
import { isoDay } from './support-timeline-phases.ts'

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

export interface Spec {
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

export function figure(
  spec: Spec,
  layout: Layout,
  drawing: readonly MarkupChild[],
  seen: Seen,
  lines: readonly LifecycleLineResult[],
): MarkupElement {
  const { id } = spec
  const svg = labelledSvg(
    id,
    {
      class: 'support-chart-svg support-timeline-svg',
      width: '100%',
      height: String(layout.height),
    },
    spec.title,
    description(spec, layout, seen),
    drawing,
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

/** The year the axis ends in. */
export function axisYear(layout: Layout): string {
  return isoDay(layout.end).slice(0, 4)
}
