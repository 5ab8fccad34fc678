import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { EMPTY_PLAN, type PlanFields } from './plan-query.ts'
import { renderHtml } from './render-html.ts'
import type { StackFileView } from './stack-file-markup.ts'
import {
  componentRow,
  type PlanShown,
  planForm,
  type StackShown,
  stackPageMain,
} from './stack-page-markup.ts'

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
    /id="component-name-2" type="text" name="name" value="db-operator"[^>]*list="component-names"/,
  )
  assert.match(html, /id="component-version-2" type="text" name="version" value="1\.27\.1"/)
  // Removing needs the script: the stylesheet hides it without one.
  assert.match(html, /class="secondary remove needs-script"/)
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
      /<input id="upgrade-name" type="text" name="upgrade" autocomplete="off"/,
      /<label for="supported-on">Supported on<\/label><input id="supported-on" type="date" name="supported-on" form="stack-form" aria-describedby="supported-on-hint">/,
      /<input id="plan-path" type="checkbox" name="path" value="1" form="stack-form" aria-describedby="plan-path-hint"> One step at a time<\/label>/,
      /<input id="allow-unknown" type="checkbox" name="unknown" value="allow" form="stack-form"> Accept pairs/,
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
      /<input id="upgrade-name" type="text" name="upgrade" value="kubernetes"/,
      /<input id="upgrade-version" type="text" name="to" value="1\.34"/,
      /<input id="supported-on" type="date" name="supported-on" form="stack-form" value="2027-06-30"/,
      /<input id="plan-path" type="checkbox" name="path" value="1" form="stack-form" checked aria-describedby="plan-path-hint">/,
      /<input id="allow-unknown" type="checkbox" name="unknown" value="allow" form="stack-form" checked>/,
    ],
  ],
]

for (const [what, fields, patterns] of PLAN_FORMS) {
  test(`the plan form ${what}`, () => {
    const html = renderHtml(planForm(fields))
    for (const pattern of patterns) assert.match(html, pattern)
    // Each hint the fields point to is there; every field belongs to the stack form, so one
    // GET sends the rows and the plan without a script.
    assert.match(html, /<p class="hint" id="supported-on-hint">/)
    assert.match(html, /<p class="hint" id="plan-path-hint">/)
    const inputs = html.match(/<input [^>]*>/g) ?? []
    assert.equal(inputs.length, 5)
    assert.ok(
      inputs.every((input) => input.includes(' form="stack-form"')),
      inputs.join('\n'),
    )
    assert.match(
      html,
      /<button type="submit" id="plan-submit" form="stack-form" formaction="\/stack#plan-result">Plan upgrade<\/button>/,
    )
    assert.doesNotMatch(html, /<noscript>/)
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
      date: '2026-11-28',
      support: [],
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
  assert.match(html, /<input id="upgrade-name" type="text" name="upgrade" value="platform"/)
  assert.match(
    html,
    /<input id="plan-path" type="checkbox" name="path" value="1" form="stack-form" checked/,
  )
  assert.match(
    html,
    /<div class="check-result" id="plan-result"><div><h3 class="result-heading">Upgrade platform to 1\.34, one step at a time: /,
  )
  assert.match(html, /<h4>Step 1: platform 1\.33\.2 → 1\.34<\/h4>/)
  // As first sent, the plan's place is empty.
  assert.match(page(null), /<div class="check-result" id="plan-result"><\/div>/)
})

test('the stack form is a plain GET form: Check stack first (Enter presses it), Add a component sends add', () => {
  const html = page(null)
  assert.match(
    html,
    /<form class="stack-form" id="stack-form" method="get" action="\/stack#stack-result"/,
  )
  assert.ok(
    html.indexOf('<button type="submit">Check stack</button>') <
      html.indexOf('id="add-component" name="add" value="1"'),
  )
  // The verdict comes right after what asked it: the rows (and what came of a file).
  const order = [
    'id="stack-form"',
    'id="stack-notice"',
    'id="file-result"',
    'id="stack-result"',
    'class="stack-file"',
    'class="plan-form"',
    'id="plan-result"',
  ]
  const at = order.map((part) => html.indexOf(part))
  assert.deepEqual(
    [...at].sort((a, b) => a - b),
    at,
  )
  assert.ok(!at.includes(-1))
  assert.match(html, /<details class="paste needs-script">/)
})

test('a stack sent back by the server: rows as typed, the row just added focused, the faults in words', () => {
  const shown: StackShown = {
    components: [
      ['kubernetes', '1.31'],
      ['', ''],
    ],
    fields: { ...EMPTY_PLAN, upgrade: 'kubernetes' },
    stack: null,
    answer: null,
    projects: [],
    today: DAY,
    notice: 'Give the version of “a” you run.',
    planNotice: 'Give the version to upgrade “kubernetes” to.',
    focusLastRow: true,
  }
  const html = renderHtml(stackPageMain(NAMES, null, shown))
  assert.equal(rowsOf(html), 2)
  assert.match(html, /id="component-name-2" [^>]*autofocus>/)
  assert.doesNotMatch(html, /id="component-name-1" [^>]*autofocus/)
  assert.match(
    html,
    /<div class="notice" id="stack-notice" role="alert">Give the version of “a” you run\.<\/div>/,
  )
  assert.match(
    html,
    /<div class="notice" id="plan-notice" role="alert">Give the version to upgrade “kubernetes” to\.<\/div>/,
  )
  assert.match(html, /<div class="check-result" id="stack-result"><\/div>/)
})
