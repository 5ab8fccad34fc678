import assert from 'node:assert/strict'
import { test } from 'node:test'
import { WARM_TICKS, warmTickQueue } from './warm-tick-queue.ts'

// columns: ticks asked for, ticks run
const CASES: [number | undefined, number][] = [
  [1, 1],
  [3, 3],
  [undefined, WARM_TICKS],
]

test('warming the tick queue runs exactly the ticks asked for, then resolves', async () => {
  for (const [asked, expected] of CASES) {
    assert.equal(await warmTickQueue(asked), expected, String(asked))
  }
})
