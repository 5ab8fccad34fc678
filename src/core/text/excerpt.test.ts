import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { escapeControlCharacters, excerpt, MAX_EXCERPT_LENGTH, quotedExcerpt } from './excerpt.ts'

// [text, excerpt, quotedExcerpt]
const CASES: readonly (readonly [string, string, string])[] = [
  ['flask==3.0.3', 'flask==3.0.3', '"flask==3.0.3"'],
  ['\u001b[31mred\u0007', '\\u001b[31mred\\u0007', '"\\u001b[31mred\\u0007"'],
  ['tab\there', 'tab\\u0009here', '"tab\\there"'],
  ['c1\u009bx', 'c1\\u009bx', '"c1\\u009bx"'],
  ['del\u007f', 'del\\u007f', '"del\\u007f"'],
  ['bidi\u202etxt', 'bidi\\u202etxt', '"bidi\\u202etxt"'],
  ['lone \ud800 surrogate', 'lone \\ud800 surrogate', '"lone \\ud800 surrogate"'],
  ['pair 😀 kept', 'pair 😀 kept', '"pair 😀 kept"'],
  ['quote " and \\', 'quote " and \\', '"quote \\" and \\\\"'],
  ['x'.repeat(81), `${'x'.repeat(80)}…`, `"${'x'.repeat(80)}"…`],
  ['x'.repeat(80), 'x'.repeat(80), `"${'x'.repeat(80)}"`],
  [`${'x'.repeat(78)}😀`, `${'x'.repeat(78)}😀`, `"${'x'.repeat(78)}😀"`],
  [`${'x'.repeat(79)}😀`, `${'x'.repeat(79)}…`, `"${'x'.repeat(79)}"…`],
]

test('an excerpt is at most 80 characters of the text, control characters escaped', () => {
  for (const [text, plain, quoted] of CASES) {
    assert.equal(excerpt(text), plain, JSON.stringify(text))
    assert.equal(quotedExcerpt(text), quoted, JSON.stringify(text))
  }
})

test('an excerpt of any text holds no control character and quotes at most 80 of its characters', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
      for (const quoted of [excerpt(text), quotedExcerpt(text)]) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
        assert.doesNotMatch(quoted, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/)
        assert.equal((quoted as string & { isWellFormed(): boolean }).isWellFormed(), true)
      }
      // Unescaped, the excerpt is the text's start.
      const kept = JSON.parse(quotedExcerpt(text).replace(/…$/, '')) as string
      assert.ok(text.startsWith(kept) && kept.length <= MAX_EXCERPT_LENGTH)
    }),
  )
})

test('text without anything to escape is returned as it is', () => {
  const text = 'plain text, no escapes'
  assert.equal(escapeControlCharacters(text), text)
})
