/**
 * Runs `process.nextTick` hot before the server loads anything else.
 *
 * Every request goes through Node's tick queue several times (stream ends, writes, the
 * response's finish). When the server's start-up (data loading, then building the app) runs
 * before that queue has been used much, V8 later builds each queued tick object through its
 * slow runtime path and reads the queue megamorphically: about 10 % more CPU per request, on
 * cached and new answers alike, as measured on Node 20 (docs/history.md, "Where a new single check's time goes").
 * A few thousand empty ticks first let V8 settle on the fast path; they take milliseconds.
 */
export const WARM_TICKS = 20_000

export function warmTickQueue(ticks: number = WARM_TICKS): Promise<number> {
  return new Promise((resolve) => {
    let run = 0
    const next = (): void => {
      run++
      if (run < ticks) process.nextTick(next)
      else resolve(run)
    }
    process.nextTick(next)
  })
}
