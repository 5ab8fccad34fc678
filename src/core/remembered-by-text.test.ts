import assert from 'node:assert/strict'
import { test } from 'node:test'
import { rememberedByText } from './remembered-by-text.ts'

// columns: texts asked in order, bound, how many times the judge ran
const CASES: [string[], number, number][] = [
  [['a', 'a', 'a'], 10, 1],
  [['a', 'b', 'a', 'b'], 10, 2],
  [['a', 'b', 'c', 'a'], 2, 4],
]

test('each text is judged once, until the bounded memory starts over', () => {
  for (const [texts, bound, expected] of CASES) {
    let runs = 0
    const judged = rememberedByText((text) => {
      runs++
      return text.toUpperCase()
    }, bound)
    for (const text of texts) assert.equal(judged(text), text.toUpperCase())
    assert.equal(runs, expected, texts.join(','))
  }
})
