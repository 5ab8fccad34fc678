import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ByteArena } from './byte-arena.ts'

// [what, text]
const CASES: ReadonlyArray<[string, string]> = [
  ['ASCII', '{"dependency":"python"}'],
  ['non-ASCII', '{"notes":["café — 日本語 🎉"]}'],
  ['empty', ''],
  ['larger than a quarter slab', 'x'.repeat(20_000)],
]

for (const [what, text] of CASES) {
  test(`ByteArena copies ${what} text as its UTF-8 bytes`, () => {
    assert.deepEqual(new ByteArena().bytesOf(text, Buffer.byteLength(text)), Buffer.from(text))
  })
}

test('fragments stay intact when the arena moves on to a new slab', () => {
  const arena = new ByteArena()
  const texts = Array.from({ length: 400 }, (_, index) => `${index}:${'é'.repeat(index % 97)}`)
  const copies = texts.map((text) => arena.bytesOf(text, Buffer.byteLength(text)))
  assert.deepEqual(
    copies.map((copy) => copy.toString()),
    texts,
  )
})
