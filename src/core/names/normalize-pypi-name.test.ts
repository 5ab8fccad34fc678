import assert from 'node:assert/strict'
import { test } from 'node:test'
import { normalizePypiName } from './normalize-pypi-name.ts'

// Columns: the name as written, as PEP 503 normalizes it.
const CASES: readonly (readonly [string, string])[] = [
  ['Django', 'django'],
  ['typing_extensions', 'typing-extensions'],
  ['backports.zoneinfo', 'backports-zoneinfo'],
  ['Foo.-_Bar', 'foo-bar'],
  ['zope.interface', 'zope-interface'],
  ['requests', 'requests'],
]

for (const [name, normalized] of CASES) {
  test(`${name} normalizes to ${normalized}`, () =>
    assert.equal(normalizePypiName(name), normalized))
}
