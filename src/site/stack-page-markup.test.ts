import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { renderHtml } from './render-html.ts'
import type { StackFileView } from './stack-file-markup.ts'
import { componentRow, stackPageMain } from './stack-page-markup.ts'

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
