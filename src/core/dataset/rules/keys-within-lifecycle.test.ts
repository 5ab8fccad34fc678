import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  lifecycle,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { keysWithinLifecycle } from './keys-within-lifecycle.ts'

const LINE = { released: '2025-01-10', supportUntil: null }

/**
 * A document with these version keys (each documenting nothing) and, when given, these lines
 * (and these undated lines).
 */
function project(
  keys: readonly string[],
  lines?: Record<string, unknown>,
  undatedLines?: readonly string[],
): unknown {
  const versions = Object.fromEntries(keys.map((key) => [key, { dependencies: {} }]))
  const overrides = undatedLines === undefined ? {} : { undatedLines }
  return documentWith(undefined, {
    versions,
    ...(lines === undefined ? {} : { lifecycle: lifecycle(lines, overrides) }),
  })
}

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [project(['1.37']), null, ''],
  [project(['1.36', '1.36.2', '1.35'], { '1.36': LINE, '1.35': LINE }), null, ''],
  [project(['1.34'], { '1.36': LINE }), null, ''],
  [project(['1.38.0-rc.1'], { '1.37': LINE }), null, ''],
  [project(['23.5', '23'], { '23': LINE }), null, ''],
  [
    project(['1.37'], { '1.36': LINE }),
    'versions."1.37"',
    "newer than the newest lifecycle line ('1.36')",
  ],
  [project(['24.0'], { '23': LINE }), 'versions."24.0"', "'23'"],
  [project(['13.0'], { '12.3': LINE, '11.4': LINE }), 'versions."13.0"', "'12.3'"],
  [project(['8.3.5'], { '7.3': LINE }), 'versions."8.3.5"', 'add its release line'],
  [project(['1.37'], { '1.36': LINE, 'not-a-line': LINE }), 'versions."1.37"', "'1.36'"],
  [project(['1.37'], {}), null, ''],
  [project(['2.21', '2.21.1'], { '2.20': LINE }, ['2.21']), null, ''],
  [project(['2.22'], { '2.20': LINE }, ['2.21']), 'versions."2.22"', "'2.20'"],
  [project(['12'], { '11.4': LINE }, ['12']), null, ''],
  [project(['2.21'], { '2.20': LINE }, ['2.21']), null, ''],
  [project(['2.21'], { '2.20': LINE }, ['two']), 'versions."2.21"', 'undatedLines'],
]

test('a final version key newer than every lifecycle line is a fault at the key', () => {
  for (const testCase of CASES) assertRuleCase(keysWithinLifecycle, testCase)
})

test('every key that outruns the lifecycle is reported, not just the first', () => {
  const faults = keysWithinLifecycle(project(['5.6', '5.5', '5.4'], { '5.4': LINE }), 'demo')
  assert.deepEqual(
    faults.map((fault) => fault.path),
    [
      ['versions', '5.6'],
      ['versions', '5.5'],
    ],
  )
})
