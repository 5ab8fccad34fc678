import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { EMPTY_PLAN, type PlanFields } from './plan-query.ts'
import { renderHtml } from './render-html.ts'
import type { StackFileView } from './stack-file-markup.ts'
import { componentRow, type PlanShown, planForm, stackPageMain } from './stack-page-markup.ts'

const DAY = '2026-11-28'
const NAMES = ['platform', 'plat', 'db-operator', 'dbo']

function answer(components: Record<string, string>): DerivedStackAnswer {
  return {
    components,
    compatible: 'compatible',
    reason: 'All 1 pairs are documented compatible.',
    resolved: {},
    pairs: [],
    unpaired: [],
    date: DAY,
    support: [],
    derivedFrom: { format: 'helm-list', components: 2, matched: 2 },
    matches: [],
    unmatched: [],
    duplicates: [],
  }
}

const many = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, '1.0']))

const page = (view: StackFileView | null) =>
  renderHtml(stackPageMain(NAMES, view === null ? null : { view, today: DAY }))

const rowsOf = (html: string) => (html.match(/<li class="component-row">/g) ?? []).length

// [what, the view posted, component rows, the verdict shown, text in the box]
const STATES: [string, StackFileView | null, number, boolean, string][] = [
  ['as first sent', null, 1, false, ''],
  [
    'a derived stack fills one row per component and shows its verdict',
    { text: '[]', outcome: { derived: answer({ 'db-operator': '1.27.1', platform: '1.33.2' }) } },
    2,
    true,
    '[]',
  ],
  [
    'a derived stack of 32 components fills 32 rows',
    { text: 'x', outcome: { derived: answer(many(32)) } },
    32,
    true,
    'x',
  ],
  [
    'a derived stack of 33 components fills none, its verdict still shown',
    { text: 'x', outcome: { derived: answer(many(33)) } },
    1,
    true,
    'x',
  ],
  [
    'nothing matched: one empty row, no verdict',
    { text: 'x', outcome: { derived: answer({}) } },
    1,
    false,
    'x',
  ],
  [
    'faults keep the text, show no verdict',
    { text: '{"a":', outcome: { faults: [{ location: 'line 1, column 6', reason: 'is bad' }] } },
    1,
    false,
    '{&quot;a&quot;:',
  ],
]

for (const [what, view, rows, verdict, box] of STATES) {
  test(`the stack page ${what}`, () => {
    const html = page(view)
    assert.equal(rowsOf(html), rows)
    assert.equal(html.includes('<h2 class="result-heading">Your stack: '), verdict)
    assert.ok(html.includes(`name="file" rows="8"`))
    assert.match(
      html,
      new RegExp(
        `aria-describedby="stack-file-hint">${box.replace(/[[\]{}]/g, '\\$&')}</textarea>`,
      ),
    )
    assert.equal(html.includes('<div class="file-result" id="file-result"></div>'), view === null)
  })
}

test('a filled row carries its name and version as values, in order', () => {
  const html = renderHtml(componentRow(2, 'db-operator', '1.27.1'))
  assert.match(
    html,
    /id="component-name-2" type="text" value="db-operator"[^>]*list="component-names"/,
  )
  assert.match(html, /id="component-version-2" type="text" value="1\.27\.1"/)
  assert.doesNotMatch(renderHtml(componentRow(1)), /value=/)
  const filled = page({
    text: 'x',
    outcome: { derived: answer({ 'db-operator': '1.27.1', platform: '1.33.2' }) },
  })
  assert.ok(filled.indexOf('value="db-operator"') < filled.indexOf('value="platform"'))
})

// [what, the plan form's fields, what its fields hold]
const PLAN_FORMS: [string, PlanFields, RegExp[]][] = [
  [
    'as first sent: empty, nothing checked',
    EMPTY_PLAN,
    [
      /<input id="upgrade-name" type="text" autocomplete="off"/,
      /<label for="supported-on">Supported on<\/label><input id="supported-on" type="date" aria-describedby="supported-on-hint">/,
      /<input id="plan-path" type="checkbox" aria-describedby="plan-path-hint"> One step at a time<\/label>/,
      /<input id="allow-unknown" type="checkbox"> Accept pairs/,
    ],
  ],
  [
    'filled from a URL',
    {
      upgrade: 'kubernetes',
      to: '1.34',
      unknown: 'allow',
      path: true,
      supportedOn: '2027-06-30',
    },
    [
      /<input id="upgrade-name" type="text" value="kubernetes"/,
      /<input id="upgrade-version" type="text" value="1\.34"/,
      /<input id="supported-on" type="date" value="2027-06-30"/,
      /<input id="plan-path" type="checkbox" checked aria-describedby="plan-path-hint">/,
      /<input id="allow-unknown" type="checkbox" checked>/,
    ],
  ],
]

for (const [what, fields, patterns] of PLAN_FORMS) {
  test(`the plan form ${what}`, () => {
    const html = renderHtml(planForm(fields))
    for (const pattern of patterns) assert.match(html, pattern)
    // Each hint the fields point to is there; the form says what a reader without a script can do.
    assert.match(html, /<p class="hint" id="supported-on-hint">/)
    assert.match(html, /<p class="hint" id="plan-path-hint">/)
    assert.match(html, /<noscript>.*POST \/api\/v1\/plan/)
  })
}

test('a plan asked in the URL: the rows, the form, the stack’s verdict and the plan’s answer', () => {
  const stack = answer({ 'db-operator': '1.27.1', platform: '1.33.2' })
  const shown: PlanShown = {
    components: [
      ['db-operator', '1.27.1'],
      ['platform', '1.33.2'],
    ],
    fields: { ...EMPTY_PLAN, upgrade: 'platform', to: '1.34', path: true },
    stack,
    answer: {
      components: stack.components,
      target: { platform: '1.34' },
      unknown: 'block',
      path: true,
      feasible: true,
      reason: 'platform 1.34 is reached in 1 step.',
      changes: [],
      result: { 'db-operator': '1.27.1', platform: '1.34' },
      pairs: [],
      steps: [
        {
          component: 'platform',
          from: '1.33.2',
          to: '1.34',
          reason: 'platform reaches its target.',
          stack: { 'db-operator': '1.27.1', platform: '1.34' },
          pairs: [],
          notes: [],
        },
      ],
    },
    projects: [],
    today: DAY,
  }
  const html = renderHtml(stackPageMain(NAMES, null, shown))
  assert.equal(rowsOf(html), 2)
  assert.ok(html.indexOf('value="db-operator"') < html.indexOf('value="platform"'))
  assert.match(html, /<h2 class="result-heading">Your stack: /)
  assert.match(html, /<input id="upgrade-name" type="text" value="platform"/)
  assert.match(html, /<input id="plan-path" type="checkbox" checked/)
  assert.match(
    html,
    /<div class="check-result" id="plan-result"><div><h3 class="result-heading">Upgrade platform to 1\.34, one step at a time: /,
  )
  assert.match(html, /<h4>Step 1: platform 1\.33\.2 → 1\.34<\/h4>/)
  // As first sent, the plan's place is empty.
  assert.match(page(null), /<div class="check-result" id="plan-result"><\/div>/)
})
