import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset } from '../../test/support/fixture-dataset.ts'
import type { LifecycleResult } from '../api/response-schemas.ts'
import type { Lifecycle, LifecycleLine } from '../core/dataset/schema.ts'
import { evaluateLifecycle, lineResult, newestFirst } from '../core/lifecycle/evaluate-lifecycle.ts'
import type { Markup, MarkupElement } from './markup.ts'
import { renderHtml } from './render-html.ts'
import { supportTimeline } from './support-timeline.ts'
import { lineSentence } from './support-timeline-figure.ts'
import { phasesOf } from './support-timeline-phases.ts'

// ---- Helpers: answers, and reading the timeline back out of its markup ---------------------

const dataset = fixtureDataset()

/** The API's lifecycle answer for the platform fixture on a day. */
function platformOn(day: string): LifecycleResult {
  const answer = evaluateLifecycle(dataset, 'platform', day)
  assert.ok(answer)
  return answer
}

/** An answer made by the core's own rules from lines as a document writes them. */
function answerOf(lines: Readonly<Record<string, LifecycleLine>>, day: string): LifecycleResult {
  const lifecycle: Lifecycle = {
    confidence: 'high',
    lastVerified: day,
    sources: [],
    lines: { ...lines },
  }
  return {
    project: 'demo',
    date: day,
    confidence: 'high',
    lastVerified: day,
    notes: [],
    sources: [],
    lines: newestFirst(lifecycle).map(([key, line]) => lineResult(key, line, day)),
  }
}

function timeline(answer: LifecycleResult, name = 'Demo', maxLines?: number): MarkupElement {
  const drawn = supportTimeline(name, answer, maxLines === undefined ? {} : { maxLines })
  assert.ok(drawn, 'a timeline is drawn')
  return drawn
}

function elements(markup: Markup, found: MarkupElement[] = []): MarkupElement[] {
  if (typeof markup === 'string') return found
  found.push(markup)
  for (const child of markup.children) elements(child, found)
  return found
}

function textOf(markup: Markup): string {
  return typeof markup === 'string' ? markup : markup.children.map(textOf).join('')
}

function hasClass(element: MarkupElement, name: string): boolean {
  const value = element.attributes.class
  return typeof value === 'string' && value.split(' ').includes(name)
}

function attribute(element: MarkupElement, name: string): string | undefined {
  const value = element.attributes[name]
  return typeof value === 'string' ? value : undefined
}

/** A place across, in %, as a number. */
function across(element: MarkupElement, name: string): number {
  const value = attribute(element, name) ?? ''
  assert.match(value, /^-?[\d.]+%$/, `${name} is a percentage`)
  return Number(value.slice(0, -1))
}

function only(markup: Markup, predicate: (element: MarkupElement) => boolean): MarkupElement[] {
  return elements(markup).filter(predicate)
}

const rowsOf = (drawn: MarkupElement) =>
  only(drawn, (element) => element.tag === 'g' && hasClass(element, 'row'))

/** Each row as [line, status, the words over its bar]. */
function rowWords(drawn: MarkupElement): [string, string, string][] {
  return rowsOf(drawn).map((row) => [
    attribute(row, 'data-line') ?? '',
    attribute(row, 'data-status') ?? '',
    textOf(only(row, (element) => hasClass(element, 'row-words'))[0] ?? ''),
  ])
}

/** Each row's phases as drawn: `kind from→to`, from the bars' data. */
function rowPhases(drawn: MarkupElement): string[][] {
  return rowsOf(drawn).map((row) =>
    only(
      row,
      (element) => hasClass(element, 'phase') && attribute(element, 'data-from') !== undefined,
    ).map(
      (bar) =>
        `${(attribute(bar, 'class') ?? '').split(' ')[1]?.replace('phase-', '')} ${attribute(bar, 'data-from')}→${attribute(bar, 'data-to')}`,
    ),
  )
}

const todayLine = (drawn: MarkupElement) => {
  const [line] = only(drawn, (element) => hasClass(element, 'today-line'))
  assert.ok(line, 'today is marked')
  return line
}

// ---- Rows, statuses and words --------------------------------------------------------------

// [day, [line, status, words over its bar] for every line, newest first]
const PLATFORM_DAYS: [string, [string, string, string][]][] = [
  [
    '2026-11-28',
    [
      ['1.35', 'supported', '1.35 · supported until 2027-02-28'],
      ['1.34', 'end-of-life', '1.34 · end of life since 2026-10-27'],
      ['1.33', 'end-of-life', '1.33 · end of life since 2026-06-28'],
      ['1.20', 'end-of-life', '1.20 LTS · ended (date not published)'],
    ],
  ],
  [
    '2026-09-01',
    [
      ['1.35', 'supported', '1.35 · supported until 2027-02-28'],
      ['1.34', 'security-only', '1.34 · security fixes until 2026-10-27'],
      ['1.33', 'end-of-life', '1.33 · end of life since 2026-06-28'],
      ['1.20', 'end-of-life', '1.20 LTS · ended (date not published)'],
    ],
  ],
  [
    '2025-12-01',
    [
      ['1.35', 'unreleased', '1.35 · not released yet (due 2025-12-17)'],
      ['1.34', 'supported', '1.34 · supported until 2026-10-27'],
      ['1.33', 'supported', '1.33 · supported until 2026-06-28'],
      ['1.20', 'end-of-life', '1.20 LTS · ended (date not published)'],
    ],
  ],
]

for (const [day, rows] of PLATFORM_DAYS) {
  test(`platform on ${day}: a row per line, newest first, its status in words`, () =>
    assert.deepEqual(rowWords(timeline(platformOn(day), 'Platform')), rows))
}

// [a line as written, its phases: kind from→to]
const PHASES: [string, LifecycleLine, string[]][] = [
  [
    'bug fixes, then security fixes',
    { released: '2025-08-27', activeSupportUntil: '2026-08-27', supportUntil: '2026-10-27' },
    ['full 2025-08-27→2026-08-27', 'security 2026-08-28→2026-10-27'],
  ],
  [
    'one end only',
    { released: '2025-04-23', supportUntil: '2026-06-28' },
    ['full 2025-04-23→2026-06-28'],
  ],
  ['no end announced', { released: '2025-01-01', supportUntil: null }, ['full 2025-01-01→open']],
  [
    'bug fixes dated, no end of security fixes announced',
    { released: '2025-01-01', activeSupportUntil: '2025-12-31', supportUntil: null },
    ['full 2025-01-01→2025-12-31', 'security 2026-01-01→open'],
  ],
  [
    'ended on a day not published',
    { released: '2020-12-08', supportUntil: true },
    ['full 2020-12-08→unknown'],
  ],
  [
    'an end of bug fixes that is no date: one phase, the words say which fixes',
    { released: '2025-01-01', activeSupportUntil: true, supportUntil: '2027-01-01' },
    ['full 2025-01-01→2027-01-01'],
  ],
  [
    'bug fixes to the end of life: one phase',
    { released: '2025-01-01', activeSupportUntil: '2027-01-01', supportUntil: '2027-01-01' },
    ['full 2025-01-01→2027-01-01'],
  ],
  [
    'extended support after the end of life',
    {
      released: '2024-01-01',
      activeSupportUntil: '2025-06-30',
      supportUntil: '2026-06-30',
      extendedSupportUntil: '2028-06-30',
    },
    [
      'full 2024-01-01→2025-06-30',
      'security 2025-07-01→2026-06-30',
      'extended 2026-07-01→2028-06-30',
    ],
  ],
  [
    'extended support with no dated end of life is not drawn',
    { released: '2024-01-01', supportUntil: null, extendedSupportUntil: '2030-01-01' },
    ['full 2024-01-01→open'],
  ],
]

for (const [what, line, phases] of PHASES) {
  test(`phases: ${what}`, () => {
    const answer = answerOf({ '1.0': line }, '2026-11-28')
    const [result] = answer.lines
    assert.ok(result)
    assert.deepEqual(
      phasesOf(result).map((phase) => `${phase.kind} ${phase.from}→${phase.to}`),
      phases,
    )
    assert.deepEqual(rowPhases(timeline(answer)), [phases], 'the bars draw the phases')
  })
}

test('a line’s bars follow each other left to right, inside the drawing', () => {
  const drawn = timeline(
    answerOf(
      {
        '3.0': {
          released: '2024-01-01',
          activeSupportUntil: '2025-06-30',
          supportUntil: '2026-06-30',
          extendedSupportUntil: '2028-06-30',
        },
        '2.0': { released: '2022-01-01', supportUntil: null },
      },
      '2026-11-28',
    ),
  )
  for (const row of rowsOf(drawn)) {
    let end = -1
    for (const bar of only(
      row,
      (element) => element.tag === 'rect' && hasClass(element, 'phase'),
    )) {
      const start = across(bar, 'x')
      assert.ok(start >= end - 0.01, `${start} starts after ${end}`)
      end = start + across(bar, 'width')
      assert.ok(start >= 0 && end <= 100, `${start}..${end} is inside`)
    }
  }
})

// ---- Today ---------------------------------------------------------------------------------

// [today, a line released that day: its bar starts where today is marked]
for (const day of ['2026-11-28', '2024-02-29', '2030-12-31']) {
  test(`today (${day}) is marked where a line released that day starts`, () => {
    const drawn = timeline(
      answerOf(
        {
          '2.0': { released: day, supportUntil: '2031-06-30' },
          '1.0': { released: '2020-01-01', supportUntil: '2021-01-01' },
        },
        day,
      ),
    )
    const line = todayLine(drawn)
    assert.equal(attribute(line, 'x1'), attribute(line, 'x2'), 'the line is upright')
    const [newest] = rowsOf(drawn)
    assert.ok(newest)
    const [bar] = only(newest, (element) => hasClass(element, 'phase'))
    assert.ok(bar)
    assert.ok(Math.abs(across(bar, 'x') - across(line, 'x1')) < 0.02)
    const [label] = only(drawn, (element) => hasClass(element, 'today-label'))
    assert.equal(label ? textOf(label) : '', 'today')
  })
}

test('today before every line and after every line is still on the axis', () => {
  const lines = { '1.0': { released: '2024-01-01', supportUntil: '2025-01-01' } } as const
  for (const day of ['2020-06-01', '2029-06-01']) {
    const at = across(todayLine(timeline(answerOf(lines, day))), 'x1')
    assert.ok(at >= 0 && at <= 100, `${day} at ${at}%`)
  }
})

// ---- Ends that are no date -----------------------------------------------------------------

test('an end not announced fades out into an arrow at the right edge, and the legend says so', () => {
  const drawn = timeline(
    answerOf({ '1.0': { released: '2025-01-01', supportUntil: null } }, '2026-11-28'),
  )
  const fades = only(drawn, (element) => hasClass(element, 'fade'))
  assert.deepEqual(
    fades.map((fade) => (attribute(fade, 'class') ?? '').split(' ').at(-1)),
    ['fade-1', 'fade-2', 'fade-3'],
  )
  const arrows = only(drawn, (element) => hasClass(element, 'end-arrow'))
  assert.equal(arrows.length, 1)
  const [box] = only(drawn, (element) => hasClass(element, 'end-arrow-box'))
  assert.ok(box && across(box, 'x') > 90, 'at the right edge')
  const html = renderHtml(drawn)
  assert.match(html, /no end announced/)
  assert.match(html, /fades out into a faint arrow has no end announced/)
  assert.doesNotMatch(html, /runs on past/)
  assert.doesNotMatch(html, /question mark/)
})

test('an end not published fades out into a question mark, and the legend says so', () => {
  const drawn = timeline(platformOn('2026-11-28'), 'Platform')
  const [row] = rowsOf(drawn).filter((candidate) => attribute(candidate, 'data-line') === '1.20')
  assert.ok(row)
  assert.deepEqual(only(row, (element) => hasClass(element, 'end-unknown')).map(textOf), ['?'])
  assert.equal(only(row, (element) => hasClass(element, 'end-arrow')).length, 0)
  assert.match(renderHtml(drawn), /ended, date not published/)
})

test('an end far in the future runs on past the axis into a solid arrow: the axis stays near today', () => {
  const drawn = timeline(
    answerOf(
      {
        '3.1': {
          released: '2025-09-01',
          activeSupportUntil: '2026-09-01',
          supportUntil: '2099-12-31',
        },
        '3.0': { released: '2025-03-01', supportUntil: '2026-06-30' },
      },
      '2026-11-28',
    ),
  )
  const [row] = rowsOf(drawn)
  assert.ok(row)
  const [security] = only(
    row,
    (element) => hasClass(element, 'phase-security') && element.tag === 'rect',
  )
  assert.ok(security)
  assert.equal(attribute(security, 'data-to'), '2099-12-31')
  assert.ok(across(security, 'x') + across(security, 'width') <= 96)
  const arrows = only(row, (element) => hasClass(element, 'end-arrow'))
  assert.deepEqual(
    arrows.map((path) => attribute(path, 'class')),
    ['end-arrow phase-security beyond'],
  )
  // Today and six years on, not 2099: the 2026 lines keep their width.
  const years = only(drawn, (element) => hasClass(element, 'axis-label')).map(textOf)
  assert.ok(
    years.length > 0 && years.every((year) => year >= '2025' && year <= '2033'),
    years.join(),
  )
  const html = renderHtml(drawn)
  assert.match(html, /runs on past 203\d/)
  assert.match(html, /security fixes until 2099-12-31/)
})

// ---- How many lines, and the text version ---------------------------------------------------

const MANY = Object.fromEntries(
  Array.from({ length: 15 }, (_, index) => [
    `1.${index + 20}`,
    { released: `${2012 + index}-03-01`, supportUntil: `${2013 + index}-06-30` },
  ]),
)

// [maxLines option, rows drawn, the note]
const BOUNDS: [number | undefined, number, RegExp | null][] = [
  [undefined, 12, /Newest 12 of the 15 release lines; the text version lists all\./],
  [3, 3, /Newest 3 of the 15 release lines/],
  [20, 15, null],
]

for (const [maxLines, drawnRows, note] of BOUNDS) {
  test(`${maxLines ?? 'by default'}: ${drawnRows} newest lines drawn, every line in the text version`, () => {
    const drawn = timeline(answerOf(MANY, '2026-11-28'), 'Demo', maxLines)
    assert.deepEqual(
      rowsOf(drawn).map((row) => attribute(row, 'data-line')),
      Array.from({ length: drawnRows }, (_, index) => `1.${34 - index}`),
    )
    const [text] = only(drawn, (element) => element.tag === 'details')
    assert.ok(text)
    assert.equal(only(text, (element) => element.tag === 'li').length, 15)
    const [caption] = only(drawn, (element) => element.tag === 'figcaption')
    if (note === null) assert.doesNotMatch(textOf(caption ?? ''), /Newest/)
    else assert.match(textOf(caption ?? ''), note)
  })
}

test('the text version says every fact of every line', () => {
  const answer = platformOn('2026-11-28')
  const [text] = only(timeline(answer, 'Platform'), (element) => element.tag === 'details')
  assert.deepEqual(only(text ?? '', (element) => element.tag === 'li').map(textOf), [
    '1.35: released 2025-12-17; bug fixes until 2026-12-28; security fixes until 2027-02-28; latest release 1.35.8. On 2026-11-28: supported until 2027-02-28, 92 days left.',
    '1.34: released 2025-08-27; bug fixes until 2026-08-27; security fixes until 2026-10-27; latest release 1.34.11. On 2026-11-28: end of life since 2026-10-27.',
    '1.33: released 2025-04-23; fixes until 2026-06-28. On 2026-11-28: end of life since 2026-06-28.',
    '1.20 (LTS): released 2020-12-08; fixes ended (date not published). On 2026-11-28: ended (date not published).',
  ])
})

// [a line as written, its sentence on 2026-11-28]
const SENTENCES: [LifecycleLine, string][] = [
  [
    { released: '2025-01-01', activeSupportUntil: true, supportUntil: null, lts: true },
    '2.0 (LTS): released 2025-01-01; bug fixes ended (date not published); no end of fixes announced. On 2026-11-28: security fixes only, no end announced.',
  ],
  [
    { released: '2024-01-01', supportUntil: '2026-06-30', extendedSupportUntil: true },
    '2.0: released 2024-01-01; fixes until 2026-06-30; extended support ended (date not published). On 2026-11-28: end of life since 2026-06-30.',
  ],
  [
    { released: '2026-11-28', supportUntil: '2026-11-29' },
    '2.0: released 2026-11-28; fixes until 2026-11-29. On 2026-11-28: supported until 2026-11-29, 1 day left.',
  ],
  [
    { released: '2027-04-22', supportUntil: null },
    '2.0: released 2027-04-22; no end of fixes announced. On 2026-11-28: not released yet (due 2027-04-22).',
  ],
]

for (const [line, sentence] of SENTENCES) {
  test(`lineSentence: ${sentence}`, () => {
    const [result] = answerOf({ '2.0': line }, '2026-11-28').lines
    assert.ok(result)
    assert.equal(lineSentence(result, '2026-11-28'), sentence)
  })
}

// ---- Markup: accessible, escaped, unique, deterministic --------------------------------------

test('no lines, no timeline', () =>
  assert.equal(supportTimeline('Demo', answerOf({}, '2026-11-28')), null))

test('an image with a title and a description, a caption, a legend and the text version', () => {
  const drawn = timeline(platformOn('2026-11-28'), 'Platform')
  const [svg] = only(drawn, (element) => element.tag === 'svg')
  assert.ok(svg)
  assert.equal(attribute(svg, 'role'), 'img')
  assert.equal(attribute(svg, 'aria-labelledby'), 'support-timeline_title support-timeline_desc')
  const [title] = only(svg, (element) => element.tag === 'title')
  assert.equal(textOf(title ?? ''), 'Platform release lines and their support')
  const [desc] = only(svg, (element) => element.tag === 'desc')
  assert.match(
    textOf(desc ?? ''),
    /^Rows: Platform release lines, newest first\. Across: dates from 20\d\d to 2027, to scale\..*hatched while it gets security fixes only;.*the vertical line marks today, 2026-11-28\./,
  )
  const [legend] = only(drawn, (element) => hasClass(element, 'chart-legend'))
  assert.deepEqual(only(legend ?? '', (element) => element.tag === 'li').map(textOf), [
    'every fix',
    'security fixes only',
    '?ended, date not published',
    'today, 2026-11-28',
  ])
  assert.match(
    renderHtml(drawn),
    /<summary>Chart as text<span class="visually-hidden">: Platform release lines/,
  )
})

test('every id is unique, made from the prefix, and every reference names one', () => {
  const drawn = supportTimeline('Demo', platformOn('2026-11-28'), { idPrefix: 'a b' })
  assert.ok(drawn)
  const ids = only(drawn, (element) => attribute(element, 'id') !== undefined).map(
    (element) => attribute(element, 'id') ?? '',
  )
  assert.equal(new Set(ids).size, ids.length)
  for (const id of ids) assert.ok(id.startsWith('a_20_b'), id)
  const references = only(drawn, () => true).flatMap((element) => [
    ...(attribute(element, 'aria-labelledby')?.split(' ') ?? []),
    ...[...(attribute(element, 'fill') ?? '').matchAll(/url\(#([^)]+)\)/g)].map(
      (match) => match[1] ?? '',
    ),
  ])
  assert.ok(references.length > 2)
  for (const reference of references) assert.ok(ids.includes(reference), reference)
})

test('data is text: a hostile name and line are escaped', () => {
  const hostile = '</svg><script>alert(1)</script>&"'
  const answer = answerOf({ '1.0': { released: '2025-01-01', supportUntil: null } }, '2026-11-28')
  const lines = answer.lines.map((line) => ({ ...line, line: hostile }))
  const html = renderHtml(timeline({ ...answer, lines }, hostile))
  assert.doesNotMatch(html, /<script>|<\/svg><script/)
  assert.ok(html.includes('&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;'))
})

test('the same answer draws the same markup, byte for byte', () => {
  for (const answer of [platformOn('2026-11-28'), answerOf(MANY, '2026-11-28')]) {
    assert.equal(renderHtml(timeline(answer)), renderHtml(timeline(structuredClone(answer))))
  }
})
