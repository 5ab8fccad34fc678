import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readStackFilePins } from './read-stack-file-pins.ts'

const NONE = { sibling: () => undefined }

test("a package-lock's packages at their lines, each with its purl, catalogued ones only", () => {
  const { declarations } = readStackFilePins(
    `{
  "name": "shop",
  "lockfileVersion": 3,
  "packages": {
    "": { "name": "shop", "dependencies": { "next": "14.2.3" } },
    "node_modules/next": {
      "version": "14.2.3"
    }
  }
}`,
    'package-lock.json',
    NONE,
  )
  assert.deepEqual(
    declarations.map((found) => [
      found.location.line,
      found.text,
      found.purl,
      found.onlyCatalogued,
    ]),
    [[6, 'next 14.2.3', 'pkg:npm/next@14.2.3', true]],
  )
})

test("a requirements file's pins at their lines", () => {
  const { declarations } = readStackFilePins(
    '# web\nDjango==4.2.16\nrequests>=2\n',
    'requirements.txt',
    NONE,
  )
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.declared]),
    [[2, 'django', { version: '4.2.16' }]],
  )
})

test('a lockfile that breaks its format is one fault, with how many there are', () => {
  const { declarations, faults } = readStackFilePins(
    '{"lockfileVersion": 1, "packages": {}}',
    'package-lock.json',
    NONE,
  )
  assert.deepEqual(declarations, [])
  assert.equal(faults.length, 1)
  assert.match(faults[0]?.reason ?? '', /lockfileVersion 1/)
})
