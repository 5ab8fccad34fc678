/**
 * At most N tasks at once; the others wait their turn in the order they came. A registry is
 * shared: a tree of 2,000 packages must not open 2,000 connections to it.
 */
export class InFlightLimit {
  readonly #limit: number
  readonly #waiting: (() => void)[] = []
  #running = 0

  constructor(limit: number) {
    this.#limit = limit
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    } else {
      this.#running += 1
    }
    try {
      return await task()
    } finally {
      const next = this.#waiting.shift()
      // The slot passes to the next task, or is given back.
      if (next === undefined) this.#running -= 1
      else next()
    }
  }
}
