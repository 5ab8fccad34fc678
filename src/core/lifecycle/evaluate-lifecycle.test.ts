import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { evaluateStackAnswer } from '../stack/stack-answer.ts'
import { componentSupport } from './component-support.ts'
import { evaluateLifecycle } from './evaluate-lifecycle.ts'

const dataset = fixtureDataset()
const DAY = '2026-11-28'

test('lifecycle: lines newest first, each with its status and days left on the day', () => {
  const result = evaluateLifecycle(dataset, 'plat', DAY)
  assert.equal(result?.project, 'plat', 'the alias is echoed')
  assert.equal(result?.date, DAY)
  assert.deepEqual(
    result?.lines.map(({ line, status, daysLeft }) => [line, status, daysLeft]),
    [
      ['1.35', 'supported', 92],
      ['1.34', 'end-of-life', null],
      ['1.33', 'end-of-life', null],
      ['1.20', 'end-of-life', null],
    ],
  )
  assert.deepEqual(result?.lines[1], {
    line: '1.34',
    released: '2025-08-27',
    activeSupportUntil: '2026-08-27',
    supportUntil: '2026-10-27',
    extendedSupportUntil: null,
    lts: false,
    latest: '1.34.11',
    status: 'end-of-life',
    daysLeft: null,
    sources: [],
  })
  assert.equal(result?.lines[3]?.lts, true)
  assert.equal(result?.lines[3]?.supportUntil, true)
  assert.equal(result?.confidence, 'high')
  assert.equal(result?.sources[0]?.url, 'https://example.org/platform/support')
})

test('lifecycle: a project without lifecycle data has no lines; an unknown one is undefined', () => {
  const result = evaluateLifecycle(dataset, 'webapp', DAY)
  assert.deepEqual(result?.lines, [])
  assert.equal(result?.confidence, 'low')
  assert.equal(evaluateLifecycle(dataset, 'nope', DAY), undefined)
})

// [component, version, day, project, line, status]
const COMPONENTS = [
  ['platform', '1.35.2', DAY, 'platform', '1.35', 'supported'],
  ['plat', 'v1.34.2-eks-1', '2026-09-01', 'platform', '1.34', 'security-only'],
  ['plat', '1.34.2+k3s1', DAY, 'platform', '1.34', 'end-of-life'],
  ['platform', '1.35.0', '2025-12-01', 'platform', '1.35', 'unreleased'],
  ['platform', '1.36.0', DAY, 'platform', null, 'unknown'],
  ['webapp', '3.1', DAY, 'webapp', null, 'unknown'],
  ['nothing-known', '1.0', DAY, null, null, 'unknown'],
] as const

for (const [component, version, day, project, line, status] of COMPONENTS) {
  test(`component support: ${component} ${version} on ${day} is ${status}`, () => {
    const support = componentSupport(dataset, component, version, day)
    assert.deepEqual([support.project, support.line, support.status], [project, line, status])
    assert.equal(support.component, component)
    assert.equal(support.version, version)
  })
}

test('a stack answer carries each component’s support, and its verdict is the stack’s own', () => {
  const components = [
    ['plat', '1.34.2'],
    ['db-operator', '1.27.1'],
  ] as const
  const answer = evaluateStackAnswer(dataset, { components, date: DAY })
  assert.equal(answer.date, DAY)
  assert.deepEqual(
    answer.support.map((item) => [item.component, item.status]),
    [
      ['plat', 'end-of-life'],
      ['db-operator', 'unknown'],
    ],
  )
  const before = evaluateStackAnswer(dataset, { components, date: '2026-01-01' })
  assert.equal(before.support[0]?.status, 'supported')
  assert.equal(before.compatible, answer.compatible, 'support never changes the verdict')
})
