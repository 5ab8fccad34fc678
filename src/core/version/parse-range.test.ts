import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRange } from './parse-range.ts'

// [range, kind it parses to]
const VALID: ReadonlyArray<[string, 'series' | 'comparators']> = [
  ['3.11', 'series'],
  ['16', 'series'],
  ['v1.30', 'series'],
  ['2.1.0-rc.1', 'series'],
  ['>=3.9 <3.13', 'comparators'],
  ['>=13', 'comparators'],
  ['>1.0 <=2.0', 'comparators'],
  ['=3.12', 'comparators'],
  ['!=3.12.1', 'comparators'],
  ['>=3.9 !=3.10.0 <3.13', 'comparators'],
  ['>=3 <=3', 'comparators'],
  ['>=1.0.0-rc.1 <2', 'comparators'],
  ['>3 <3.post1', 'comparators'],
]

test('parseRange accepts series and comparator sets', () => {
  for (const [text, kind] of VALID) {
    const parsed = parseRange(text)
    assert.ok('range' in parsed, `${text}: ${'error' in parsed ? parsed.error : ''}`)
    assert.equal(parsed.range.kind, kind, text)
    assert.equal(parsed.range.text, text, `${text}: text kept as written`)
  }
})

// [range, a fragment the error message must contain]
const INVALID: ReadonlyArray<[string, string]> = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['^1.2', "'^'"],
  ['~1.2', "'~'"],
  ['>=1 || <0.5', '||'],
  ['>=1, <2', 'comma'],
  ['>=1  <2', 'single spaces'],
  [' >=1', 'single spaces'],
  ['>=1\t<2', 'single spaces'],
  ['>= 1', 'needs a version right after it'],
  ['3.x', 'wildcards'],
  ['3.*', 'wildcards'],
  ['latest', 'not a version'],
  ['16-alpine', 'flavor'],
  ['1.0+build', 'flavor or build'],
  ['3.9 3.10', 'not a bound'],
  ['=>3', 'not supported'],
  ['==3', 'not supported'],
  ['>=1.0 ^2', "'^'"],
  ['>=3 <2', 'no version can satisfy'],
  ['>3 <=3', 'no version can satisfy'],
  ['>=3 <3', 'no version can satisfy'],
  ['=3 !=3.0', 'no version can satisfy'],
  ['>3 <3.post0', 'no version can satisfy'],
  ['>3.post1 <3.post2', 'no version can satisfy'],
]

test('parseRange rejects malformed and unsatisfiable ranges with a reason', () => {
  for (const [text, fragment] of INVALID) {
    const parsed = parseRange(text)
    assert.ok('error' in parsed, `${JSON.stringify(text)} is rejected`)
    assert.match(parsed.error, new RegExp(fragment.replace(/[|^*+?.()[\]{}\\]/g, '\\$&')), text)
  }
})
