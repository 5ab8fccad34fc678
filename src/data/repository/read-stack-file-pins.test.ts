import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
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

// [fixture, the file's name in the repository, a package it pins, that package's pin as text, the line its entry starts on]
const LOCKFILE_LINES: readonly (readonly [string, string, string, string, number])[] = [
  ['readiness/react18-app/pnpm-lock.yaml', 'web/pnpm-lock.yaml', 'react', 'react 18.3.1', 2110],
  ['readiness/python/poetry.lock', 'poetry.lock', 'black', 'black 23.12.1', 23],
  ['readiness/python/uv.lock', 'api/uv.lock', 'requests', 'requests 2.32.5', 60],
  ['readiness/python/pylock.toml', 'pylock.toml', 'cattrs', 'cattrs 24.1.2', 24],
]

for (const [fixture, file, name, text, line] of LOCKFILE_LINES) {
  test(`${file}: ${name} located at its entry's line ${line}`, () => {
    const content = readFileSync(
      new URL(`../../../test/fixtures/${fixture}`, import.meta.url),
      'utf8',
    )
    const { declarations, faults } = readStackFilePins(content, file, NONE)
    assert.deepEqual(faults, [])
    assert.deepEqual(
      declarations
        .filter((found) => found.component === name)
        .map((found) => [found.text, found.location.line, found.kind]),
      [[text, line, 'lockfile']],
    )
  })
}
