import assert from 'node:assert/strict'
import { test } from 'node:test'
import { utf8Text } from './utf8-text.ts'

// [what the bytes are, the bytes, the text or null]
const CASES: readonly (readonly [string, readonly number[], string | null])[] = [
  ['ASCII', [0x66, 0x6c, 0x61, 0x73, 0x6b], 'flask'],
  ['a leading byte order mark, dropped', [0xef, 0xbb, 0xbf, 0x61], 'a'],
  ['two-byte UTF-8', [0x63, 0x61, 0x66, 0xc3, 0xa9], 'café'],
  ['nothing', [], ''],
  ['a lone continuation byte', [0x61, 0x80], null],
  ['Latin-1, not UTF-8', [0x63, 0x61, 0x66, 0xe9], null],
  ['a truncated sequence', [0xe2, 0x82], null],
]

test('a file is its UTF-8 text, or null when its bytes are not UTF-8', () => {
  for (const [what, bytes, expected] of CASES) {
    assert.equal(utf8Text(Uint8Array.from(bytes)), expected, what)
  }
})
