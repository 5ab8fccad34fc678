import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readMiseToml } from './read-mise-toml.ts'

const NONE = { sibling: () => undefined }

test('each tool of [tools] at its line: a version, a list, a table, a backend with its package URL', () => {
  const { declarations, faults } = readMiseToml(
    `[env]
NODE_ENV = "production"

[tools]
node = "prefix:20"
python = ["3.12", "3.11"]
go = { version = "1.22" }
"npm:@biomejs/biome" = "2.0.0"
erlang = "latest"
`,
    'mise.toml',
    NONE,
  )
  assert.deepEqual(faults, [])
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.purl, found.declared]),
    [
      [5, 'node', undefined, { version: '20' }],
      [6, 'python', undefined, { version: '3.12' }],
      [6, 'python', undefined, { version: '3.11' }],
      [7, 'go', undefined, { version: '1.22' }],
      [8, '@biomejs/biome', 'pkg:npm/%40biomejs/biome', { version: '2.0.0' }],
      [9, 'erlang', undefined, { unknown: "'latest' names no version" }],
    ],
  )
})

test('a file that is not TOML is a fault at the line the parser names', () => {
  const { faults } = readMiseToml('[tools]\nnode = \n', 'mise.toml', NONE)
  assert.equal(faults.length, 1)
  assert.equal(faults[0]?.line, 2)
  assert.match(faults[0]?.reason ?? '', /^is not valid TOML: /)
})
