import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readPackageJson } from './read-package-json.ts'

const NONE = { sibling: () => undefined }

test('every engine a range at its line, and the Volta pin', () => {
  const { declarations, faults } = readPackageJson(
    `{
  "name": "web",
  "engines": {
    "node": "^20.9.0 || >=22",
    "npm": ">=10",
    "vscode": "^1.90.0"
  },
  "volta": { "node": "20.11.1" }
}`,
    'web/package.json',
    NONE,
  )
  assert.deepEqual(faults, [])
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.kind, found.declared]),
    [
      [4, 'node', 'engines', { range: '^20.9.0 || >=22', ranges: ['>=20.9.0 <21', '>=22'] }],
      [5, 'npm', 'engines', { range: '>=10', ranges: ['>=10'] }],
      [6, 'vscode', 'engines', { range: '^1.90.0', ranges: ['>=1.90.0 <2'] }],
      [8, 'nodejs', 'version-file', { version: '20.11.1' }],
    ],
  )
})

test('a range npm reads and compat cannot is no version, with why', () => {
  const { declarations } = readPackageJson('{"engines":{"node":"lts"}}', 'package.json', NONE)
  assert.deepEqual(declarations[0]?.declared, {
    unknown: "the range 'lts' cannot be read: 'lts' is a label, not a version",
  })
})

test('a package.json that is not JSON is a fault of the file', () => {
  const { faults } = readPackageJson('{"engines":', 'package.json', NONE)
  assert.equal(faults[0]?.line, null)
  assert.match(faults[0]?.reason ?? '', /^is not valid JSON: /)
})
