import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import fc from 'fast-check'
import { parse, stringify } from 'yaml'
import { BUNDLED_DATA_DIR } from './bundled-data-dir.ts'
import { parseDataFile } from './parse-data-file.ts'

test('the fast parser reads every bundled file as the position-tracking parser does', () => {
  for (const name of readdirSync(BUNDLED_DATA_DIR).filter((file) => file.endsWith('.yaml'))) {
    const text = readFileSync(join(BUNDLED_DATA_DIR, name), 'utf8')
    const fast = parseDataFile(name, text)
    assert.equal(fast.faults, undefined, name)
    assert.deepEqual(fast.document, parse(text, { maxAliasCount: -1 }), name)
  }
})

test('any YAML both parsers accept means the same to both', () => {
  const value = fc.jsonValue({ maxDepth: 4 })
  const style = fc.record({
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL'),
    collectionStyle: fc.constantFrom('any', 'block', 'flow'),
  }) as fc.Arbitrary<Exclude<Parameters<typeof stringify>[2], string | number>>
  fc.assert(
    fc.property(value, style, (data, options) => {
      const text = stringify({ id: 'x', data }, null, options)
      const fast = parseDataFile('x.yaml', text)
      if (fast.faults !== undefined) return
      assert.deepEqual(fast.document, parse(text))
    }),
    { numRuns: 400 },
  )
})

// Plain scalars where YAML parsers disagree most (signs, bases, underscores, spellings of
// null, booleans and infinity): each must read as the position-tracking parser reads it.
const SCALARS = [
  '-0',
  '-0.0',
  '+12',
  '012',
  '0o17',
  '+0o7',
  '0x1F',
  '-0x1F',
  '0b11',
  '1_000',
  '1_0.5',
  '1e3',
  '1.',
  '.5',
  '-.5e2',
  '.inf',
  '-.Inf',
  '.NaN',
  '~',
  'Null',
  '',
  'TRUE',
  'yes',
  'on',
  '2026-01-01',
  '123456789012345678901234',
  '0xFFFFFFFFFFFFFFFFFF',
]

for (const scalar of SCALARS) {
  test(`the plain scalar ${JSON.stringify(scalar)} reads as the position-tracking parser reads it`, () => {
    const text = `id: x\nvalue: ${scalar}\n`
    const fast = parseDataFile('x.yaml', text).document as { value: unknown }
    assert.ok(Object.is(fast.value, (parse(text) as { value: unknown }).value))
  })
}

// [file, text, line, column, part of the message]: what the fast parser refuses is located
const FAULTS: ReadonlyArray<[string, string, number, number, string]> = [
  ['a.yaml', 'id: a\nid: b\n', 2, 1, 'Map keys must be unique'],
  ['a.yaml', 'id: a\nname: [unclosed\n', 3, 1, ''],
  ['a.yaml', 'id: a\n  name: x\n', 1, 5, 'Nested mappings'],
  ['a.json', '{"id": "a",\n  "name": }', 2, 11, 'invalid JSON'],
]

for (const [file, text, line, column, message] of FAULTS) {
  test(`${file} ${JSON.stringify(text)} is a fault at ${line}:${column}`, () => {
    const parsed = parseDataFile(file, text)
    assert.ok(parsed.faults !== undefined && parsed.faults.length > 0, JSON.stringify(parsed))
    const [fault] = parsed.faults
    assert.deepEqual([fault?.line, fault?.column], [line, column], fault?.message)
    assert.ok(fault?.message.includes(message), fault?.message)
  })
}

test('an alias bomb is refused with a fault, never expanded', () => {
  const layers = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
  for (let index = 1; index < 9; index++) {
    const previous = String.fromCharCode(96 + index)
    const name = String.fromCharCode(97 + index)
    layers.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`)
  }
  const parsed = parseDataFile('bomb.yaml', layers.join('\n'))
  assert.match(parsed.faults?.[0]?.message ?? '', /alias/i)
})
