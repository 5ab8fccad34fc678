import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { parseJsonObject } from './parse-json-object.ts'
import { parseOrderSafeJsonObject } from './parse-order-safe-json-object.ts'

/** The slow parser's result with its key order applied, for comparison. */
function slowly(text: string): unknown {
  const { value, keyOrder } = parseJsonObject(text)
  const ordered = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node
    const keys = keyOrder.get(node) ?? Object.keys(node)
    return keys.map((key) => [key, ordered((node as Record<string, unknown>)[key])])
  }
  return ordered(value)
}

function quickly(text: string): unknown {
  const value = parseOrderSafeJsonObject(text)
  if (value === null) return null
  const ordered = (node: unknown): unknown =>
    typeof node === 'object' && node !== null
      ? Object.keys(node).map((key) => [key, ordered((node as Record<string, unknown>)[key])])
      : node
  return ordered(value)
}

// [body, read by the fast path]
const CASES: ReadonlyArray<[string, boolean]> = [
  ['{"project":"django","version":"5.2","dependencies":{"python":"3.12"}}', true],
  ['{ "project" : "django" ,\n "dependencies" : { } }', true],
  ['{"__proto__":"1","constructor":{"toString":"2"}}', true],
  ['{"a":"1","a":"2"}', false],
  ['{"d":{"a":"1","a":"1"}}', false],
  ['{"d":{"10":"a","2":"b"}}', false],
  ['{"10":"a"}', false],
  ['{"a":"\\u0041"}', false],
  ['{"a":1}', false],
  ['{"a":{"b":{"c":"1"}}}', false],
  ['{"a":["1"]}', false],
  ['["a"]', false],
  ['"a"', false],
  ['{"a":"1"', false],
  ['', false],
]

test('reads the plain bodies, leaves everything else to the full parser', () => {
  for (const [text, plain] of CASES) {
    const value = parseOrderSafeJsonObject(text)
    assert.equal(value !== null, plain, text)
    if (value !== null) {
      assert.deepEqual(quickly(text), slowly(text), text)
      assert.equal(Object.getPrototypeOf(value), null)
    }
  }
})

test('whatever it reads, the full parser reads the same, key order included', () => {
  const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a', 'b', '1', '__proto__'))
  const flat = fc.array(fc.tuple(key, fc.string({ maxLength: 6 })), { maxLength: 6 })
  const body = fc.array(fc.tuple(key, fc.oneof(fc.string({ maxLength: 6 }), flat)), {
    maxLength: 5,
  })
  const write = (pairs: [string, unknown][]): string =>
    `{${pairs
      .map(
        ([name, value]) =>
          `${JSON.stringify(name)}:${Array.isArray(value) ? write(value as [string, unknown][]) : JSON.stringify(value)}`,
      )
      .join(',')}}`
  fc.assert(
    fc.property(body, (pairs) => {
      const text = write(pairs as [string, unknown][])
      const quick = quickly(text)
      let slow: unknown
      try {
        slow = slowly(text)
      } catch {
        // A body the full parser refuses (a key given twice) is never read quickly.
        assert.equal(quick, null, text)
        return
      }
      if (quick !== null) assert.deepEqual(quick, slow, text)
    }),
    { numRuns: 2000 },
  )
})
