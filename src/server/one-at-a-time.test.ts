import assert from 'node:assert/strict'
import { test } from 'node:test'
import { oneAtATime } from './one-at-a-time.ts'

test('asked three times while it runs: one more run, and every caller gets its result', async () => {
  let runs = 0
  let release: () => void = () => {}
  const run = oneAtATime(async () => {
    runs++
    if (runs === 1) await new Promise<void>((resolve) => (release = resolve))
    return runs
  })
  const first = run()
  const later = [run(), run(), run()]
  release()
  assert.deepEqual(await Promise.all([first, ...later]), [2, 2, 2, 2])
  assert.equal(runs, 2)
  // Idle again: the next call runs at once, alone.
  assert.equal(await run(), 3)
})
