import assert from 'node:assert/strict'
import { test } from 'node:test'
import { purlProblem, purlType } from './purl-problem.ts'

// Columns: the purl, whether it is passed on, its type.
const CASES: readonly (readonly [string, boolean, string])[] = [
  ['pkg:npm/%40scope/name@1.0.0', true, 'npm'],
  ['pkg:PyPI/django@4.2', true, 'pypi'],
  ['pkg:generic/node@20.17.0', true, 'generic'],
  ['npm/ms@2.1.3', false, ''],
  ['cpe:2.3:a:kjd:idna:3.10:*:*:*:*:*:*:*', false, ''],
  ['', false, ''],
  ['pkg:npm', false, ''],
  ['pkg:npm/%E0%A4%A@1', false, ''],
]

for (const [purl, passed, type] of CASES) {
  test(`${JSON.stringify(purl)} is ${passed ? '' : 'not '}passed on, type ${JSON.stringify(type)}`, () => {
    assert.equal(purlProblem(purl) === null, passed)
    assert.equal(purlType(passed ? purl : undefined), type)
  })
}

test('a purl that is not passed on is named in the reason', () => {
  assert.match(purlProblem('npm/ms@2.1.3') ?? '', /"npm\/ms@2\.1\.3" is not a package URL \(.+\)/)
})
