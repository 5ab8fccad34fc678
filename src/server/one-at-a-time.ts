/**
 * `run` one at a time: asked for while it runs, it runs once more after (however often it was
 * asked), and every caller waits for that last run. A reload asked for during a reload then
 * still sees the files as they are after the request, without reloads piling up.
 */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let again = false
  return () => {
    if (running !== null) {
      again = true
      return running
    }
    running = (async () => {
      let result = await run()
      while (again) {
        again = false
        result = await run()
      }
      return result
    })().finally(() => {
      running = null
    })
    return running
  }
}
