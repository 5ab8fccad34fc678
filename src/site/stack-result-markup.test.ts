import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ComponentSupport } from '../api/response-schemas.ts'
import { renderHtml } from './render-html.ts'
import { componentSupportLine, endOfLifeWarning } from './stack-result-markup.ts'

const DAY = '2026-11-28'

function support(overrides: Partial<ComponentSupport>): ComponentSupport {
  return {
    component: 'plat',
    version: '1.34.2',
    project: 'platform',
    line: '1.34',
    status: 'end-of-life',
    supportUntil: '2026-10-27',
    activeSupportUntil: '2026-08-27',
    daysLeft: null,
    ...overrides,
  }
}

const text = (html: string) => html.replace(/<[^>]+>/g, '')

// [component support, its line under Components, as text (null: no line)]
const LINES: [Partial<ComponentSupport>, string | null][] = [
  [{}, 'Support on 2026-11-28: support: end of life since 2026-10-27 (release line 1.34)'],
  [
    { status: 'supported', supportUntil: '2027-02-28', line: '1.35', daysLeft: 92 },
    'Support on 2026-11-28: support: supported until 2027-02-28 (release line 1.35, 92 days left)',
  ],
  [
    { status: 'security-only', daysLeft: 0 },
    'Support on 2026-11-28: support: security fixes until 2026-10-27 (release line 1.34, last day)',
  ],
  [
    { status: 'supported', supportUntil: null, daysLeft: null },
    'Support on 2026-11-28: support: supported, no end announced (release line 1.34)',
  ],
  [
    { status: 'end-of-life', supportUntil: true },
    'Support on 2026-11-28: support: ended (date not published) (release line 1.34)',
  ],
  [
    { status: 'unknown', line: null, supportUntil: null },
    'Support on 2026-11-28: no support dates recorded for this version',
  ],
  [{ status: 'unknown', project: null, line: null, supportUntil: null }, null],
]

for (const [overrides, expected] of LINES) {
  test(`a component’s support reads “${expected}”`, () => {
    const line = componentSupportLine(support(overrides), DAY)
    assert.equal(line === null ? null : text(renderHtml(line)), expected)
  })
}

test('the badge carries the status for its colour; the words say it all', () => {
  const line = componentSupportLine(support({}), DAY)
  assert.ok(line)
  assert.match(renderHtml(line), /<span class="badge support-end-of-life">/)
  assert.equal(line.attributes['data-status'], 'end-of-life')
})

// [statuses of the stack's components, the warning as text (null: none)]
const WARNINGS: [ComponentSupport['status'][], string | null][] = [
  [['supported', 'security-only', 'unknown', 'unreleased'], null],
  [
    ['end-of-life', 'supported'],
    '⚠ End of life: 1 component gets no more fixes on 2026-11-28, security fixes included. The verdict is about compatibility alone.plat 1.34.2: end of life since 2026-10-27 (release line 1.34)',
  ],
  [
    ['end-of-life', 'end-of-life'],
    '⚠ End of life: 2 components get no more fixes on 2026-11-28, security fixes included. The verdict is about compatibility alone.plat 1.34.2: end of life since 2026-10-27 (release line 1.34)plat 1.34.2: end of life since 2026-10-27 (release line 1.34)',
  ],
]

for (const [statuses, expected] of WARNINGS) {
  test(`a stack of ${statuses.join(', ')} components is warned of: ${expected !== null}`, () => {
    const warning = endOfLifeWarning(
      statuses.map((status) => support({ status })),
      DAY,
    )
    assert.equal(warning === null ? null : text(renderHtml(warning)), expected)
  })
}

test('a hostile component name is text', () => {
  const warning = endOfLifeWarning([support({ component: '<img src=x onerror=alert(1)>' })], DAY)
  assert.ok(warning)
  assert.match(renderHtml(warning), /&lt;img src=x onerror=alert\(1\)&gt;/)
})
