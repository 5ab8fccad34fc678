import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { jsonPointerLines } from './json-pointer-lines.ts'

const LOCK = `{
  "name": "shop",
  "lockfileVersion": 3,
  "packages": {
    "": { "name": "shop" },
    "node_modules/@next/env": {
      "version": "14.2.3"
    },
    "node_modules/a\\"b": [1, {"x": "y/z"}, 3],
    "node_modules/next": {
      "version": "14.2.3"
    }
  }
}`

// [pointer, its line (null: not in the text)]
const CASES = [
  ['', 1],
  ['/name', 2],
  ['/packages', 4],
  ['/packages/', 5],
  ['/packages/node_modules~1@next~1env', 6],
  ['/packages/node_modules~1@next~1env/version', 7],
  ['/packages/node_modules~1a"b/1/x', 9],
  ['/packages/node_modules~1a"b/2', 9],
  ['/packages/node_modules~1next', 10],
  ['/packages/node_modules~1missing', null],
] as const

for (const [pointer, line] of CASES) {
  test(`'${pointer}' is at line ${line}`, () => {
    assert.equal(jsonPointerLines(LOCK, [pointer]).get(pointer) ?? null, line)
  })
}

test('every member of any JSON document, pretty-printed, is found at the line JSON.stringify put it on', () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
      (object) => {
        const text = JSON.stringify(object, null, 2)
        const lines = text.split('\n')
        const pointers = Object.keys(object).map(
          (key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        )
        const found = jsonPointerLines(text, pointers)
        for (const [index, key] of Object.keys(object).entries()) {
          const line = found.get(pointers[index] as string)
          assert.ok(line !== undefined, `${key} found`)
          assert.ok(
            (lines[line - 1] as string).trimStart().startsWith(JSON.stringify(key)),
            `${key} at its line`,
          )
        }
      },
    ),
  )
})
