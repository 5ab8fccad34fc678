/**
 * Check answers of one dataset, by request: the URL of a GET, the body text of a POST. A
 * dataset never changes while served, so an answer computed once is the answer; bots and
 * pipelines ask the same questions again and again. Bounded by bytes, oldest out first.
 * This module alone decides how a request becomes a key.
 */
import type { CachedBody } from './cached-body.ts'

interface Cached {
  readonly body: CachedBody
  /** For POST: the parsed body, so a repeated body is not parsed again. */
  readonly parsed: unknown
}

export class AnswerCache {
  readonly #entries = new Map<string, Cached>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  /** The answer to a GET of this exact URL (path and query, as sent). */
  forUrl(url: string): CachedBody | undefined {
    return this.#entries.get(url)?.body
  }

  keepForUrl(url: string, body: CachedBody): void {
    this.#keep(url, { body, parsed: null })
  }

  /** The answer to a POST of this exact body text, with the value it was parsed into. */
  forBody(text: string): Cached | undefined {
    return this.#entries.get(bodyKey(text))
  }

  keepForBody(text: string, body: CachedBody, parsed: unknown): void {
    this.#keep(bodyKey(text), { body, parsed })
  }

  get size(): number {
    return this.#entries.size
  }

  #keep(key: string, answer: Cached): void {
    const size = key.length * 2 + answer.body.identity.length
    if (size > this.maxBytes || this.#entries.has(key)) return
    this.#bytes += size
    this.#entries.set(key, answer)
    if (this.#bytes <= this.maxBytes) return
    for (const [oldKey, old] of this.#entries) {
      this.#entries.delete(oldKey)
      this.#bytes -= oldKey.length * 2 + old.body.identity.length
      if (this.#bytes <= this.maxBytes) break
    }
  }
}

/** URLs start with '/', so no body key can equal one. */
function bodyKey(text: string): string {
  return `POST ${text}`
}
