/**
 * Check answers of one dataset, by request: the URL of a GET, the body text of a POST. A
 * dataset never changes while served, so an answer computed once is the answer; bots and
 * pipelines ask the same questions again and again. Bounded by bytes, oldest out first.
 * This module alone decides how a request becomes a key.
 *
 * An answer is kept the second time its request is seen, not the first: a question asked
 * once (a scan over many versions) would otherwise fill the cache, and keeping every answer
 * alive for a while costs the garbage collector far more than answering again. Requests seen
 * once are remembered by a 32-bit hash in a fixed table; a collision only keeps an answer
 * early.
 */
import type { CachedBody } from './cached-body.ts'
import { stringHash } from './string-hash.ts'

interface Cached {
  readonly body: CachedBody
  /** For POST: the parsed body, so a repeated body is not parsed again. */
  readonly parsed: unknown
}

const SEEN_SLOTS = 1 << 16

interface KeptKey {
  readonly key: string
  readonly entries: Map<string, Cached>
}

export class AnswerCache {
  readonly #byUrl = new Map<string, Cached>()
  // Bodies by their route, then their own text: a key built from the text (a prefix added)
  // would be a new string to copy and hash on every POST.
  readonly #byBody = new Map<string, Map<string, Cached>>()
  readonly #seen = new Uint32Array(SEEN_SLOTS)
  // Keys in insertion order with their Map, oldest at #head: evicting never walks a Map,
  // whose iteration from the start would step over every entry deleted before.
  #order: KeptKey[] = []
  #head = 0
  #bytes = 0

  readonly maxBytes: number

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  /** The answer to a GET of this exact URL (path and query, as sent). */
  forUrl(url: string): CachedBody | undefined {
    return this.#byUrl.get(url)?.body
  }

  /**
   * `hash`: the URL's `stringHash`, when the caller has it already. `atOnce`: kept the first
   * time, for an answer that costs far more to make than to keep (a rendered page).
   */
  keepForUrl(url: string, body: CachedBody, hash = stringHash(url), atOnce = false): void {
    this.#keep(this.#byUrl, url, { body, parsed: null }, hash, atOnce)
  }

  /** The answer to a POST of this exact body text to `route`, with the value it was parsed into. */
  forBody(route: string, text: string): Cached | undefined {
    return this.#byBody.get(route)?.get(text)
  }

  /** True when the answer is kept (the second time its body is seen, room permitting). */
  keepForBody(route: string, text: string, body: CachedBody, parsed: unknown): boolean {
    let bodies = this.#byBody.get(route)
    if (bodies === undefined) {
      bodies = new Map()
      this.#byBody.set(route, bodies)
    }
    return this.#keep(bodies, text, { body, parsed }, stringHash(text))
  }

  get size(): number {
    let size = this.#byUrl.size
    for (const bodies of this.#byBody.values()) size += bodies.size
    return size
  }

  /**
   * True when the key was seen before (or collides with one that was); remembers it. URLs
   * and bodies share the table: a collision between them only keeps an answer early.
   */
  #seenBefore(hash: number): boolean {
    // Zero marks an empty slot, so no key may hash to it.
    const mark = (hash | 1) >>> 0
    const slot = mark & (SEEN_SLOTS - 1)
    if (this.#seen[slot] === mark) return true
    this.#seen[slot] = mark
    return false
  }

  #keep(
    entries: Map<string, Cached>,
    key: string,
    answer: Cached,
    hash: number,
    atOnce = false,
  ): boolean {
    const size = key.length * 2 + answer.body.byteLength
    // Most keys are new: the table answers for them before the Map is asked.
    if (size > this.maxBytes || !(this.#seenBefore(hash) || atOnce) || entries.has(key)) {
      return false
    }
    answer.body.retain()
    this.#bytes += size
    entries.set(key, answer)
    this.#order.push({ key, entries })
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#order[this.#head++] as KeptKey
      const old = oldest.entries.get(oldest.key) as Cached
      oldest.entries.delete(oldest.key)
      this.#bytes -= oldest.key.length * 2 + old.body.byteLength
    }
    if (this.#head > 4096 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head)
      this.#head = 0
    }
    return true
  }
}
