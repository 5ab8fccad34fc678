/**
 * Per-client request counts in fixed memory, whatever the number of clients: a count-min
 * sketch (a few rows of counters, each client hashed to one counter per row; its count is the
 * smallest of its counters) over fixed windows. Counts are never under a client's true count,
 * so no one gets more than the limit; they can be over it by about the window's whole traffic
 * divided by the width (a million requests in a window: a dozen), so a quiet client may be
 * refused a few requests early during a flood. Nothing is evicted, so a flood from many
 * addresses cannot make room for itself.
 */

export interface RateLimitOptions {
  /** Requests allowed per client in one window. */
  readonly limit: number
  readonly windowMs: number
  /** Counters per row; a power of two. */
  readonly width?: number
  /** Rows, each with its own hash. */
  readonly depth?: number
  /** The clock, for tests. */
  readonly now?: () => number
}

export interface RateDecision {
  readonly allowed: boolean
  /** Requests left to this client in the window (0 when refused). */
  readonly remaining: number
  /** Whole seconds until the window ends and counts start again. */
  readonly resetSeconds: number
}

const DEFAULT_WIDTH = 1 << 16
const DEFAULT_DEPTH = 4

export class RateLimiter {
  readonly limit: number
  readonly windowMs: number
  readonly #width: number
  readonly #depth: number
  readonly #counters: Uint32Array
  readonly #now: () => number
  #windowStart = Number.NEGATIVE_INFINITY

  constructor(options: RateLimitOptions) {
    this.limit = options.limit
    this.windowMs = options.windowMs
    this.#width = options.width ?? DEFAULT_WIDTH
    this.#depth = options.depth ?? DEFAULT_DEPTH
    this.#counters = new Uint32Array(this.#width * this.#depth)
    this.#now = options.now ?? Date.now
  }

  /** The memory the counters take, in bytes: the same for one client or millions. */
  get byteLength(): number {
    return this.#counters.byteLength
  }

  /** Counts one request from `client`, and says whether it is within the limit. */
  take(client: string): RateDecision {
    const now = this.#now()
    const windowStart = now - (now % this.windowMs)
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart
      this.#counters.fill(0)
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000))
    const slots = this.#slots(client)
    let count = Number.POSITIVE_INFINITY
    for (const slot of slots) count = Math.min(count, this.#counters[slot] as number)
    if (count >= this.limit) return { allowed: false, remaining: 0, resetSeconds }
    // Conservative update: only the counters at the minimum grow, which keeps the others
    // from drifting above what their clients really sent.
    for (const slot of slots) {
      if ((this.#counters[slot] as number) === count) this.#counters[slot] = count + 1
    }
    return { allowed: true, remaining: this.limit - count - 1, resetSeconds }
  }

  /** One counter per row, chosen by FNV-1a hashes with a different seed per row. */
  #slots(client: string): number[] {
    const slots: number[] = []
    const mask = this.#width - 1
    for (let row = 0; row < this.#depth; row++) {
      let hash = (0x811c9dc5 ^ Math.imul(row + 1, 0x9e3779b9)) >>> 0
      for (let at = 0; at < client.length; at++) {
        hash ^= client.charCodeAt(at)
        hash = Math.imul(hash, 0x01000193)
      }
      hash ^= hash >>> 15
      hash = Math.imul(hash, 0x2c1b3c6d)
      hash ^= hash >>> 12
      slots.push(row * this.#width + ((hash >>> 0) & mask))
    }
    return slots
  }
}
