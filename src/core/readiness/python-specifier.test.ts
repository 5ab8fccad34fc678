import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePythonVersion } from './parse-python-version.ts'
import { parsePythonSpecifier, specifierAdmits } from './python-specifier.ts'

// [specifier, version, admitted] — PEP 440's rules, as pip checks Requires-Python
const CASES: ReadonlyArray<[string, string, boolean]> = [
  ['>=3.8', '3.13.0', true],
  ['>=3.8', '3.7.17', false],
  ['>=3.8,<4', '3.13', true],
  ['>=3.8, <3.13', '3.13.0', false],
  ['>=3.8, <3.13', '3.12.8', true],
  ['', '3.13', true],
  ['*', '3.13', true],
  // == pads with zeros, a wildcard matches a prefix
  ['==3.13', '3.13.0', true],
  ['==3.13', '3.13.1', false],
  ['==3.13.*', '3.13.1', true],
  ['==3.13.*', '3.14.0', false],
  ['==3.*', '3.13.0', true],
  ['==3.1.*', '3.13.0', false],
  ['!=3.0.*, !=3.1.*, >=2.7', '3.0.1', false],
  ['!=3.0.*, !=3.1.*, >=2.7', '3.13.0', true],
  ['>=2.7, !=3.0.*, !=3.1.*, !=3.2.*, !=3.3.*', '3.13.0', true],
  ['!=3.12.0', '3.12.0', false],
  ['!=3.12.0', '3.12.1', true],
  // ~= means >= and the same series
  ['~=3.10', '3.13.0', true],
  ['~=3.10', '4.0', false],
  ['~=3.10.2', '3.10.9', true],
  ['~=3.10.2', '3.11.0', false],
  ['~=3.10.2', '3.10.1', false],
  // <V leaves out V's pre-releases, unless V is one
  ['<3.13', '3.13.0rc1', false],
  ['<3.13', '3.12.9', true],
  ['<3.13.0rc2', '3.13.0rc1', true],
  ['>=3.9', '3.14.0rc1', true],
  // >V leaves out V's post-releases and local versions
  ['>3.12', '3.12.post1', false],
  ['>3.12', '3.12.1', true],
  ['>3.12.post1', '3.12.post2', true],
  ['>3.12', '3.12+local', false],
  // <= and >= ignore a candidate's local part; == compares it when written
  ['<=3.12', '3.12+local', true],
  ['==3.12', '3.12.0+local', true],
  ['==3.12+local', '3.12.0+other', false],
  ['===3.12', '3.12', true],
  ['===3.12', '3.12.0', false],
  ['>=1!1.0', '2.0', false],
]

test('specifierAdmits applies PEP 440 clause by clause', () => {
  for (const [specifier, version, admitted] of CASES) {
    const parsed = parsePythonSpecifier(specifier)
    assert.ok(
      !('error' in parsed),
      `'${specifier}' parses: ${'error' in parsed ? parsed.error : ''}`,
    )
    const candidate = parsePythonVersion(version)
    assert.ok(candidate !== null, version)
    assert.equal(
      specifierAdmits(parsed.clauses, candidate, version),
      admitted,
      `'${specifier}' ∋ ${version}`,
    )
  }
})

// [specifier, what the error says]
const REFUSED: ReadonlyArray<[string, RegExp]> = [
  ['=>3.8', /not a version clause/],
  ['>=3.x', /not a PEP 440 version/],
  ['>=3.8.*', /goes with == or != only/],
  ['==3.8a1.*', /follows release numbers only/],
  ['~=3', /at least two release numbers/],
  ['>=3.8+local', /local version/],
  ['^3.8', /not a version clause/],
  ['>=3.8,', /not a version clause/],
]

test('parsePythonSpecifier refuses what is no PEP 440 specifier, saying why', () => {
  for (const [specifier, reason] of REFUSED) {
    const parsed = parsePythonSpecifier(specifier)
    assert.ok('error' in parsed, `'${specifier}' is refused`)
    assert.match(parsed.error, reason, specifier)
  }
})
