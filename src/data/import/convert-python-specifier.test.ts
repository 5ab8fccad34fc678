import assert from 'node:assert/strict'
import { test } from 'node:test'
import { convertPythonSpecifier } from './convert-python-specifier.ts'

// [requires_python as packages declare it, compat ranges]
const CONVERTED: ReadonlyArray<[string, string[]]> = [
  ['>=3.8', ['>=3.8']],
  ['>=3.10', ['>=3.10']],
  ['>=3.6, <4', ['>=3.6 <4']],
  ['>=3.9,<3.14', ['>=3.9 <3.14']],
  ['>3.7', ['>3.7']],
  ['<=3.12', ['<=3.12']],
  ['~=3.9', ['>=3.9 <4']],
  ['~=3.9.1', ['>=3.9.1 <3.10']],
  ['==3.*', ['>=3 <4']],
  ['==3.11', ['=3.11']],
  ['!=3.0', ['<3.0', '>3.0']],
  ['>=2.7, !=3.0.*, !=3.1.*, !=3.2.*, <4', ['>=2.7 <3.0', '>=3.3 <4']],
  ['>=2.7, !=3.0.*, !=3.1.*, !=3.2.*, !=3.3.*, !=3.4.*', ['>=2.7 <3.0', '>=3.5']],
  [' >= 3.8 ', ['>=3.8']],
]

for (const [specifier, compat] of CONVERTED) {
  test(`convertPythonSpecifier('${specifier}') is ${JSON.stringify(compat)}`, () => {
    assert.deepEqual(convertPythonSpecifier(specifier), { ranges: compat })
  })
}

// [specifier compat cannot say exactly, part of the reason]
const REFUSED: ReadonlyArray<[string, string]> = [
  ['', 'empty'],
  ['>=3.8.0rc1', 'pre-, post-, dev- or local'],
  ['>=3.8.post1', 'pre-, post-, dev- or local'],
  ['===3.8', 'compares text'],
  ['>=3.*', 'only goes with == or !='],
  ['~=3', 'two release parts'],
  ['>=3.10, <3.8', 'admits no version'],
  ['python3', 'not a version clause'],
]

for (const [specifier, reason] of REFUSED) {
  test(`convertPythonSpecifier('${specifier}') is refused: ${reason}`, () => {
    const result = convertPythonSpecifier(specifier)
    assert.ok('error' in result, JSON.stringify(result))
    assert.match(result.error, new RegExp(reason))
  })
}
