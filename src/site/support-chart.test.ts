import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { entry as validEntry } from '../../test/support/document-builders.ts'
import { fixtureDocuments } from '../../test/support/fixture-dataset.ts'
import { rangeText, release } from '../../test/support/range-arbitraries.ts'
import type { DependencyEntry, DependencyUse, ProjectDocument } from '../api/response-schemas.ts'
import { parseRange } from '../core/version/parse-range.ts'
import { chartId } from './chart-id.ts'
import type { Markup, MarkupElement } from './markup.ts'
import { toProject } from './project-model.ts'
import { renderHtml } from './render-html.ts'
import { dependencySupportChart, projectSupportChart } from './support-chart.ts'

// ---- Helpers: documents, and reading the chart back out of its markup ----------------------

/** The builders' valid entry, without sources (a chart does not show them). */
function entry(overrides: Partial<DependencyEntry> = {}): DependencyEntry {
  return validEntry({ sources: [], ...overrides }) as unknown as DependencyEntry
}

/** Versions newest first, each with its entries; `since` lists the since keys. */
function documentOf(
  versions: Readonly<Record<string, Readonly<Record<string, DependencyEntry>>>>,
  since: readonly string[] = [],
  name = 'Demo',
): ProjectDocument {
  return {
    id: 'demo',
    name,
    categories: [],
    website: 'https://example.org',
    versions: Object.fromEntries(
      Object.entries(versions).map(([version, dependencies]) => [
        version,
        since.includes(version) ? { since: true, dependencies } : { dependencies },
      ]),
    ),
  }
}

/** A project whose versions are the document's keys in the order written (newest first). */
function projectOf(document: ProjectDocument) {
  return toProject(document, Object.keys(document.versions))
}

function use(project: string, version: string, overrides: Partial<DependencyUse> = {}) {
  return {
    project,
    version,
    since: false,
    key: 'postgresql',
    ranges: ['16'],
    constraints: [],
    basis: 'supported',
    relationship: 'database',
    confidence: 'high',
    lastVerified: '2026-10-01',
    status: 'unknown',
    ...overrides,
  } satisfies DependencyUse
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

function number(element: MarkupElement, name: string): number {
  return Number(attribute(element, name))
}

function only(markup: Markup, predicate: (element: MarkupElement) => boolean): MarkupElement[] {
  return elements(markup).filter(predicate)
}

/** The chart's rows as [version, ["from→to", …]]; `…` is an open end. */
function barsByRow(chart: MarkupElement): [string, string[]][] {
  return only(chart, (element) => element.tag === 'g' && hasClass(element, 'row')).map((row) => [
    attribute(row, 'data-version') ?? '',
    only(row, (element) => hasClass(element, 'bar')).map(
      (bar) => `${attribute(bar, 'data-from') ?? '…'}→${attribute(bar, 'data-to') ?? '…'}`,
    ),
  ])
}

/** Every bar starts at its lower bound's tick and ends at its upper bound's, or at an edge. */
function assertBarsOnTicks(chart: MarkupElement): void {
  const ticks = new Map(
    only(chart, (element) => hasClass(element, 'tick')).map((tick) => [
      attribute(tick, 'data-version'),
      number(tick, 'x1'),
    ]),
  )
  const [axis] = only(chart, (element) => hasClass(element, 'axis'))
  assert.ok(axis)
  const [left, right] = [number(axis, 'x1'), number(axis, 'x2')]
  for (const bar of only(chart, (element) => hasClass(element, 'bar'))) {
    const start = number(bar, 'x')
    const end = start + number(bar, 'width')
    const from = attribute(bar, 'data-from')
    const to = attribute(bar, 'data-to')
    // Bars are inset by a unit; an exclusive lower bound starts 3 after its tick, an inclusive
    // upper bound (or a single version) reaches 5 into its column.
    const at = (version: string | undefined) => ticks.get(version) ?? Number.NaN
    if (from === undefined) assert.ok(start >= left && start <= left + 8, `open start at ${start}`)
    else assert.ok(start >= at(from) && start <= at(from) + 4, `${from} starts at ${start}`)
    if (to === undefined) assert.ok(Math.abs(end - (right - 1)) <= 1, `open end at ${end}`)
    else assert.ok(end >= at(to) - 1 && end <= at(to) + 5, `${to} ends at ${end}`)
  }
}

const TAGS = new Set(
  'figure figcaption div svg title desc g line text rect path ul li span details summary p'.split(
    ' ',
  ),
)

/** Only the chart's own elements are tags; every `<` and `>` of data is escaped. */
function assertNoRawMarkup(html: string): void {
  const rest = html.replace(/<\/?([a-z]+)(?:\s[^<>]*)?>/g, (tag, name: string) => {
    assert.ok(TAGS.has(name), `unexpected tag ${tag}`)
    return ''
  })
  assert.ok(!/[<>]/.test(rest), `raw markup in ${rest}`)
}

/** Ids are unique and every aria reference names one of them. */
function assertIdsResolve(markup: readonly MarkupElement[]): void {
  const all = markup.flatMap((chart) => elements(chart))
  const ids = all.map((element) => attribute(element, 'id')).filter((id) => id !== undefined)
  assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${ids}`)
  for (const element of all) {
    for (const name of ['aria-labelledby', 'aria-describedby']) {
      for (const id of attribute(element, name)?.split(' ') ?? []) {
        assert.ok(ids.includes(id), `${name} names a missing id ${id}`)
      }
    }
  }
}

// ---- Bars span the segments their ranges cover ----------------------------------------------

// Columns: what the case shows, the ranges of one entry, the bars drawn ("from→to", … open),
// the axis ticks (a minor tick, an end no range names, in parentheses).
const CASES: readonly (readonly [string, string[], string[], string[]])[] = [
  [
    'series cover their column up to the next series',
    ['3.10', '3.11'],
    ['3.10→3.11', '3.11→3.12'],
    ['3.10', '3.11', '(3.12)'],
  ],
  ['a comparator set spans its bounds', ['>=3.10 <3.14'], ['3.10→3.14'], ['3.10', '3.14']],
  ['an open upper end runs to the edge', ['>=14'], ['14→…'], ['14']],
  ['an open lower end runs from the edge', ['<3.14'], ['…→3.14'], ['3.14']],
  ['!= cuts a hole', ['>=20 !=21.0.0 <23'], ['20→21.0.0', '21.0.0→23'], ['20', '21.0.0', '23']],
  [
    'a pre-release series is that version only',
    ['2.1.0-rc.1'],
    ['2.1.0-rc.1→2.1.0-rc.1'],
    ['2.1.0-rc.1'],
  ],
  ['<= includes its version', ['>=1 <=2'], ['1→2'], ['1', '2']],
  [
    'equal versions are one tick, by the shortest spelling',
    ['>=17.0.0 <18', '17'],
    ['17→18', '17→18'],
    ['17', '18'],
  ],
  [
    'a series ending where the next starts',
    ['9.6', '10'],
    ['9.6→9.7', '10→11'],
    ['9.6', '(9.7)', '10', '(11)'],
  ],
  ['text that is no range is not drawn', ['^1.2', '1.2'], ['1.2→1.3'], ['1.2', '(1.3)']],
]

for (const [what, ranges, bars, ticks] of CASES) {
  test(`support chart: ${what}`, () => {
    const project = projectOf(documentOf({ '1.0': { dep: entry({ ranges }) } }))
    const chart = projectSupportChart(project, 'dep')
    assert.ok(chart)
    assert.deepEqual(barsByRow(chart), [['1.0', bars]])
    assert.deepEqual(
      only(chart, (element) => hasClass(element, 'tick')).map((tick) => {
        const version = attribute(tick, 'data-version') ?? ''
        return hasClass(tick, 'minor') ? `(${version})` : version
      }),
      ticks,
    )
    assertBarsOnTicks(chart)
    const open = only(
      chart,
      (element) => hasClass(element, 'open-end') || hasClass(element, 'open-start'),
    )
    assert.equal(open.length, bars.filter((bar) => bar.includes('…')).length)
    assert.equal(only(chart, (element) => hasClass(element, 'arrow')).length, open.length)
    assertNoRawMarkup(renderHtml(chart))
  })
}

test('open ends of every row reach the same edge, past every closed bar', () => {
  const project = projectOf(
    documentOf({
      '3.0': { dep: entry({ ranges: ['>=16'] }) },
      '2.0': { dep: entry({ ranges: ['14', '15', '16', '17'] }) },
      '1.0': { dep: entry({ ranges: ['<15'] }) },
    }),
  )
  const chart = projectSupportChart(project, 'dep')
  assert.ok(chart)
  assertBarsOnTicks(chart)
  const bars = only(chart, (element) => hasClass(element, 'bar'))
  const end = (bar: MarkupElement) => number(bar, 'x') + number(bar, 'width')
  const openEnd = bars.find((bar) => hasClass(bar, 'open-end'))
  assert.ok(openEnd)
  assert.ok(bars.every((bar) => end(bar) <= end(openEnd)))
  const openStart = bars.find((bar) => hasClass(bar, 'open-start'))
  assert.ok(openStart)
  assert.ok(bars.every((bar) => number(bar, 'x') >= number(openStart, 'x')))
})

// ---- Rows, evidence, text -------------------------------------------------------------------

const [dbOperator] = fixtureDocuments().filter((document) => document.id === 'db-operator')
assert.ok(dbOperator)
const DB_ORDER = ['1.29.0-rc.1', '1.28', '1.27.4', '1.27.3', '1.27.1', '1.27', '1.26']

test('rows are the versions whose own entry names the key, newest first; a since key is marked', () => {
  const project = toProject(dbOperator, DB_ORDER)
  const pgdb = projectSupportChart(project, 'pgdb')
  assert.ok(pgdb)
  assert.deepEqual(
    barsByRow(pgdb).map(([version]) => version),
    ['1.29.0-rc.1', '1.28', '1.27.1', '1.27', '1.26'],
  )
  const labels = only(pgdb, (element) => hasClass(element, 'row-label')).map(textOf)
  assert.deepEqual(labels, ['1.29.0-rc.1', '1.28', '1.27.1+', '1.27', '1.26'])
  assert.match(textOf(pgdb), /1\.27\.1 and later 1\.27 releases: >=13 <19 \(medium confidence\)/)
  const plat = projectSupportChart(project, 'plat')
  assert.ok(plat)
  assert.deepEqual(
    barsByRow(plat).map(([version]) => version),
    ['1.27.3', '1.27'],
  )
})

test('bars carry their confidence; tested-only entries are drawn as tested', () => {
  const project = projectOf(
    documentOf({
      '3.0': { dep: entry({ ranges: ['16'], basis: 'tested', confidence: 'high' }) },
      '2.0': { dep: entry({ ranges: ['15'], confidence: 'medium' }) },
      '1.0': { dep: entry({ ranges: ['>=14'], confidence: 'low', basis: 'supported' }) },
    }),
  )
  const chart = projectSupportChart(project, 'dep')
  assert.ok(chart)
  const bars = only(chart, (element) => hasClass(element, 'bar'))
  assert.deepEqual(
    bars.map((bar) => attribute(bar, 'class')),
    ['bar confidence-high tested', 'bar confidence-medium', 'bar confidence-low open-end'],
  )
  const legend = only(chart, (element) => hasClass(element, 'chart-legend'))[0]
  assert.ok(legend)
  assert.deepEqual(legend.children.map(textOf), [
    'high confidence',
    'medium confidence',
    'low confidence',
    'tested versions only',
    '▶and later',
  ])
  assert.match(textOf(chart), /3\.0: 16 \(high confidence; tested versions only\)/)
  assert.ok(
    bars.every((bar) => bar.attributes.fill === undefined && bar.attributes.style === undefined),
  )
})

test('a constraint without ranges is words in its row, not a bar', () => {
  const project = projectOf(
    documentOf({
      '9.2.2': { es: entry({ ranges: [], constraints: [{ type: 'same-version' }] }) },
      '9.1': { es: entry({ ranges: ['9.1'] }) },
      '9.0': { es: entry({ ranges: [] }) },
    }),
  )
  const chart = projectSupportChart(project, 'es')
  assert.ok(chart)
  assert.deepEqual(barsByRow(chart), [
    ['9.2.2', []],
    ['9.1', ['9.1→9.2']],
    ['9.0', []],
  ])
  assert.deepEqual(only(chart, (element) => hasClass(element, 'row-note')).map(textOf), [
    'same version (9.2.2)',
    'no documented range',
  ])
})

test('no chart when no entry of the key has a range to draw', () => {
  const [webapp] = fixtureDocuments().filter((document) => document.id === 'webapp')
  assert.ok(webapp)
  const project = toProject(webapp, ['2.0', '1.10', '1.9'])
  assert.equal(projectSupportChart(project, 'redis'), null)
  assert.equal(projectSupportChart(project, 'no-such-key'), null)
  assert.equal(projectSupportChart(project, 'constructor'), null)
  const constraintOnly = documentOf({
    '1.0': { es: entry({ ranges: [], constraints: [{ type: 'same-version' }] }) },
  })
  assert.equal(projectSupportChart(projectOf(constraintOnly), 'es'), null)
  assert.equal(dependencySupportChart([use('a', '1', { ranges: [] })], 'postgresql'), null)
  assert.equal(dependencySupportChart([], 'postgresql'), null)
})

test('the text alternative lists every row with its ranges as written, on every fixture chart', () => {
  for (const document of fixtureDocuments()) {
    const project = projectOf(document)
    for (const key of project.dependencyKeys) {
      const chart = projectSupportChart(project, key)
      if (chart === null) continue
      const rows = only(chart, (element) => element.tag === 'g' && hasClass(element, 'row'))
      const [list] = only(chart, (element) => hasClass(element, 'chart-text-list'))
      assert.ok(list)
      const items = list.children.map(textOf)
      assert.equal(items.length, rows.length, `${document.id} ${key}`)
      for (const [index, row] of rows.entries()) {
        const version = attribute(row, 'data-version') ?? ''
        const item = items[index] ?? ''
        assert.ok(item.startsWith(version), `${item} names ${version}`)
        const ranges = project.document.versions[version]?.dependencies[key]?.ranges ?? []
        for (const range of ranges) assert.ok(item.includes(range), `${item} lists ${range}`)
        assert.match(item, /\((high|medium|low) confidence/)
      }
      assertNoRawMarkup(renderHtml(chart))
    }
  }
})

test('ids are unique on a page of charts, and every aria reference resolves', () => {
  for (const document of fixtureDocuments()) {
    const project = projectOf(document)
    const charts = project.dependencyKeys
      .map((key) => projectSupportChart(project, key))
      .filter((chart) => chart !== null)
    assertIdsResolve(charts)
    for (const chart of charts) {
      const [svg] = only(chart, (element) => element.tag === 'svg')
      assert.ok(svg)
      assert.equal(attribute(svg, 'role'), 'img')
      const [title, desc] = (attribute(svg, 'aria-labelledby') ?? '').split(' ')
      assert.deepEqual(
        svg.children
          .slice(0, 2)
          .map((child) => typeof child !== 'string' && attribute(child, 'id')),
        [title, desc],
      )
    }
  }
  // Keys that differ only by characters outside an id's alphabet, or that end like the chart's
  // own ids, still get their own ids.
  const KEYS = ['a.b', 'a_b', 'a-b', 'A b', 'a', 'a_title', 'a-title', 'a_2e_b', '_']
  const project = projectOf(
    documentOf({ '1.0': Object.fromEntries(KEYS.map((key) => [key, entry()])) }),
  )
  const charts = KEYS.map((key) => projectSupportChart(project, key))
  assertIdsResolve(charts.filter((chart) => chart !== null))
  assert.equal(chartId('python3.11'), 'python3_2e_11')
})

test('a long history is capped to the newest rows, and says so', () => {
  const versions = Object.fromEntries(
    Array.from({ length: 60 }, (_, index) => [
      `1.${59 - index}`,
      { node: entry({ ranges: [`>=${index}`] }) },
    ]),
  )
  const project = projectOf(documentOf(versions, [], 'Lib'))
  const chart = projectSupportChart(project, 'node')
  assert.ok(chart)
  const rows = barsByRow(chart)
  assert.equal(rows.length, 40)
  assert.deepEqual(rows[0], ['1.59', ['0→…']])
  assert.deepEqual(rows.at(-1), ['1.20', ['39→…']])
  const note =
    'Newest 40 of the 60 Lib versions that document node; the compatibility matrix lists all.'
  assert.ok(textOf(chart).includes(note))
  const [details] = only(chart, (element) => element.tag === 'details')
  assert.ok(details && textOf(details).includes(note))
  assert.equal(barsByRow(projectSupportChart(project, 'node', { maxRows: 5 }) ?? chart).length, 5)
  // The axis holds only what the drawn rows name.
  assert.equal(only(chart, (element) => hasClass(element, 'tick')).length, 40)
})

// ---- The dependency page ----------------------------------------------------------------------

test('the dependency chart groups by project, newest versions first, and says what it leaves out', () => {
  const uses: DependencyUse[] = [
    use('alpha', '5.0', { ranges: ['>=14'] }),
    use('alpha', '4.1', { ranges: ['13', '14'], since: true }),
    use('alpha', '4.0', { ranges: ['13'], basis: 'tested' }),
    use('alpha', '3.0', { ranges: ['12'] }),
    use('beta', '2', { key: 'postgres', ranges: ['>=12 <17'], confidence: 'medium' }),
  ]
  const chart = dependencySupportChart(uses, 'postgresql')
  assert.ok(chart)
  assert.deepEqual(only(chart, (element) => hasClass(element, 'group-label')).map(textOf), [
    'alpha',
    'beta',
  ])
  assert.deepEqual(
    only(chart, (element) => element.tag === 'g' && hasClass(element, 'row')).map(
      (row) => `${attribute(row, 'data-project')} ${attribute(row, 'data-version')}`,
    ),
    ['alpha 5.0', 'alpha 4.1', 'alpha 4.0', 'beta 2'],
  )
  assert.deepEqual(
    barsByRow(chart).map(([, bars]) => bars),
    [['14→…'], ['13→14', '14→15'], ['13→14'], ['12→17']],
  )
  assertBarsOnTicks(chart)
  const [list] = only(chart, (element) => hasClass(element, 'chart-text-list'))
  assert.ok(list)
  assert.deepEqual(list.children.map(textOf), [
    'alpha (newest 3 of 4 versions)' +
      'alpha 5.0: >=14 (high confidence)' +
      'alpha 4.1 and later 4 releases: 13, 14 (high confidence)' +
      'alpha 4.0: 13 (high confidence; tested versions only)',
    'beta' + 'beta 2: >=12 <17 (keyed postgres) (medium confidence)',
  ])
  assert.ok(
    textOf(chart).includes(
      'The newest 3 versions of each of the 2 projects: 4 of 5 entries; each project’s page lists all.',
    ),
  )
  assertNoRawMarkup(renderHtml(chart))
  const other = dependencySupportChart(uses, 'postgres')
  assert.ok(other)
  assertIdsResolve([chart, other])
  const all = dependencySupportChart(uses, 'postgresql', { versionsPerProject: 10 })
  assert.ok(all)
  assert.equal(barsByRow(all).length, 5)
  assert.ok(!textOf(all).includes('Newest'))
})

test('many projects: the newest version of each, within the row budget', () => {
  const uses = Array.from({ length: 60 }, (_, index) => [
    use(`p${String(index).padStart(2, '0')}`, '2.0', { ranges: [`>=${index % 20}`] }),
    use(`p${String(index).padStart(2, '0')}`, '1.0', { ranges: [`${index % 20}`] }),
  ]).flat()
  const chart = dependencySupportChart(uses, 'postgresql')
  assert.ok(chart)
  assert.equal(barsByRow(chart).length, 60)
  assert.ok(barsByRow(chart).every(([version]) => version === '2.0'))
  assert.ok(
    textOf(chart).includes(
      'The newest version of each of the 60 projects: 60 of 120 entries; each project’s page lists all.',
    ),
  )
  const fewer = dependencySupportChart(uses.slice(0, 40), 'postgresql')
  assert.ok(fewer)
  assert.equal(barsByRow(fewer).length, 40, '20 projects: two versions each')
})

test('a crowded axis keeps every tick but writes only labels with room, coarsest first', () => {
  const ranges = Array.from(
    { length: 15 },
    (_, major) => `>=${major + 10}.${major % 3}.1 <${major + 11}`,
  )
  const project = projectOf(documentOf({ '1.0': { node: entry({ ranges }) } }))
  const chart = projectSupportChart(project, 'node')
  assert.ok(chart)
  const ticks = only(chart, (element) => hasClass(element, 'tick'))
  assert.equal(ticks.length, 30)
  assertBarsOnTicks(chart)
  const labels = only(chart, (element) => hasClass(element, 'axis-label'))
  const xs = labels.map((label) => number(label, 'x'))
  assert.ok(labels.length < ticks.length)
  assert.ok(xs.every((x, index) => index === 0 || x - (xs[index - 1] ?? 0) >= 17))
  assert.ok(labels.map(textOf).includes('11'), 'a whole major is labelled before 10.0.1')
  const [svg] = only(chart, (element) => element.tag === 'svg')
  assert.ok(svg && number(svg, 'width') <= 420)
})

// ---- Escaping -------------------------------------------------------------------------------

test('data never becomes markup: ranges with < and names with tags render escaped', () => {
  const key = '<img src=x onerror=alert(1)>'
  const project = projectOf(
    documentOf(
      {
        '2.0': { [key]: entry({ ranges: ['<3.14', '>=3.10 <3.13'], notes: ['<b>bold</b>'] }) },
        '<i>1.0</i>': { [key]: entry({ ranges: ['<=3"9'] }) },
      },
      [],
      'A <script>alert(1)</script> & "B"',
    ),
  )
  const chart = projectSupportChart(project, key)
  assert.ok(chart)
  const html = renderHtml(chart)
  assertNoRawMarkup(html)
  assert.ok(html.includes('&lt;3.14'))
  assert.ok(html.includes('2.0: &lt;3.14, &gt;=3.10 &lt;3.13 (high confidence)'))
  assert.ok(html.includes('A &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;B&quot;'))
  assert.ok(!html.includes('<img') && !html.includes('<script') && !html.includes('<i>'))
  const [figure] = only(chart, (element) => element.tag === 'figure')
  assert.match(attribute(figure ?? chart, 'id') ?? '', /^[a-z0-9_-]+$/)
  const byDependency = dependencySupportChart(
    [use('<b>x</b>', '<1>', { ranges: ['<16'], key: '"k"' })],
    '<postgres>',
  )
  assert.ok(byDependency)
  assertNoRawMarkup(renderHtml(byDependency))
})

// ---- Properties -----------------------------------------------------------------------------

test('any document draws a well-formed, escaped, deterministic chart', () => {
  const entryArbitrary = fc.record({
    ranges: fc.array(fc.oneof(rangeText, fc.constantFrom('^1', '<x>', '')), { maxLength: 4 }),
    confidence: fc.constantFrom('high', 'medium', 'low'),
    basis: fc.constantFrom('supported', 'tested', undefined),
    sameVersion: fc.boolean(),
  })
  const versions = fc.uniqueArray(fc.tuple(release, entryArbitrary), {
    minLength: 1,
    maxLength: 12,
    selector: ([version]) => version,
  })
  fc.assert(
    fc.property(versions, fc.string({ maxLength: 8 }), (rows, key) => {
      const document = documentOf(
        Object.fromEntries(
          rows.map(([version, { ranges, confidence, basis, sameVersion }]) => [
            version,
            {
              [key]: entry({
                ranges,
                confidence,
                ...(basis === undefined ? {} : { basis }),
                ...(sameVersion ? { constraints: [{ type: 'same-version' as const }] } : {}),
              }),
            },
          ]),
        ),
      )
      const project = toProject(
        document,
        rows.map(([version]) => version),
      )
      const chart = projectSupportChart(project, key, { idPrefix: `chart-${key}` })
      const drawable = rows.some(([, { ranges }]) =>
        ranges.some((range) => 'range' in parseRange(range)),
      )
      assert.equal(chart !== null, drawable)
      if (chart === null) return
      const html = renderHtml(chart)
      assertNoRawMarkup(html)
      assertIdsResolve([chart])
      assertBarsOnTicks(chart)
      assert.equal(
        renderHtml(projectSupportChart(project, key, { idPrefix: `chart-${key}` }) ?? ''),
        html,
      )
      assert.equal(barsByRow(chart).length, rows.length)
      const [list] = only(chart, (element) => hasClass(element, 'chart-text-list'))
      assert.equal(list?.children.length, rows.length)
      const [svg] = only(chart, (element) => element.tag === 'svg')
      assert.ok(svg)
      for (const bar of only(chart, (element) => hasClass(element, 'bar'))) {
        assert.ok(
          number(bar, 'x') >= 0 && number(bar, 'x') + number(bar, 'width') <= number(svg, 'width'),
        )
      }
    }),
    { numRuns: 200 },
  )
})
