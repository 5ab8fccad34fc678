import assert from 'node:assert/strict'
import { test } from 'node:test'
import { convertRange } from './convert-range.ts'

// [npm-style range, compat ranges] — npm's semantics, compat's grammar
const CONVERTED: ReadonlyArray<[string, string[]]> = [
  ['>=14.0.0 <19.0.0', ['>=14.0.0 <19.0.0']],
  ['>= 14 < 19', ['>=14 <19']],
  ['16', ['16']],
  ['1.2.3', ['1.2.3']],
  ['v1.30', ['1.30']],
  ['1.x', ['1']],
  ['1.2.*', ['1.2']],
  ['*', ['>=0']],
  ['^1.2.3', ['>=1.2.3 <2']],
  ['^1.2', ['>=1.2 <2']],
  ['^0.2.3', ['>=0.2.3 <0.3']],
  ['^0.0.3', ['>=0.0.3 <0.0.4']],
  ['^0', ['>=0 <1']],
  ['~1.2.3', ['>=1.2.3 <1.3']],
  ['~1.2', ['>=1.2 <1.3']],
  ['~1', ['>=1 <2']],
  ['1.2.3 - 2.3.4', ['>=1.2.3 <=2.3.4']],
  ['1.2 - 2.3', ['>=1.2 <2.4']],
  ['>1.2', ['>=1.3']],
  ['<=1.34', ['<1.35']],
  ['<=1.34.2', ['<=1.34.2']],
  ['=1.2', ['>=1.2 <1.3']],
  ['10.6 || 10.11 || >=11.4 <11.5', ['10.6', '10.11', '>=11.4 <11.5']],
  ['33 || 34 || 33', ['33', '34']],
  ['>=2.1.0-rc.1 <3', ['>=2.1.0-rc.1 <3']],
  ['1.0.0+build.7', ['1.0.0']],
]

for (const [npm, compat] of CONVERTED) {
  test(`convertRange('${npm}') is ${JSON.stringify(compat)}`, () => {
    assert.deepEqual(convertRange(npm), { ranges: compat })
  })
}

// [range compat cannot say exactly, part of the reason]
const REFUSED: ReadonlyArray<[string, string]> = [
  ['19c', 'is a label'],
  ['latest', 'is a label'],
  ['>=3 <2', 'no version can satisfy'],
  ['<2.0.0-0', 'pre-release tag compat cannot read the same way'],
  ['1.2.3-foo', 'pre-release tag compat cannot read the same way'],
  ['12 || 19c', 'is a label'],
]

for (const [npm, reason] of REFUSED) {
  test(`convertRange('${npm}') is refused: ${reason}`, () => {
    const result = convertRange(npm)
    assert.ok('error' in result, JSON.stringify(result))
    assert.match(result.error, new RegExp(reason))
  })
}
