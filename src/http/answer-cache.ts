/**
 * Check answers of one dataset, by request: the URL of a GET, the body text of a POST. A
 * dataset never changes while served, so an answer computed once is the answer; bots and
 * pipelines ask the same questions again and again. Bounded by bytes, oldest out first.
 */
import type { CachedBody } from './cached-body.ts'

export interface CachedAnswer {
  readonly body: CachedBody
  /** For POST: the parsed request, so a repeated body is not parsed again. */
  readonly request?: unknown
}

export class AnswerCache {
  readonly #entries = new Map<string, CachedAnswer>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    return this.#entries.get(key)
  }

  set(key: string, answer: CachedAnswer): void {
    const size = key.length * 2 + answer.body.identity.length
    if (size > this.maxBytes || this.#entries.has(key)) return
    this.#bytes += size
    this.#entries.set(key, answer)
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldKey)
      this.#bytes -= oldKey.length * 2 + old.body.identity.length
    }
  }

  get size(): number {
    return this.#entries.size
  }
}
