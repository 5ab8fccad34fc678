/**
 * Lines of entries in a machine-written file, found in one pass: each key is looked for after
 * the previous one, as the file writes its entries in the order its parser reads them, and
 * lines are counted only over the text passed. Linear in the text, whatever it holds.
 */
export class LineFinder {
  readonly #text: string
  #offset = 0
  #line = 1

  constructor(text: string) {
    this.#text = text
  }

  /**
   * The line of the next `needle` after the last one found, followed (after blanks) by `after`
   * when given; null when there is none (the finder stays where it was).
   */
  next(needle: string, after?: string): number | null {
    let at = this.#text.indexOf(needle, this.#offset)
    while (at !== -1 && after !== undefined && !this.#followedBy(at + needle.length, after)) {
      at = this.#text.indexOf(needle, at + needle.length)
    }
    if (at === -1) return null
    for (let newline = this.#text.indexOf('\n', this.#offset); newline !== -1 && newline < at; ) {
      this.#line += 1
      newline = this.#text.indexOf('\n', newline + 1)
    }
    this.#offset = at + needle.length
    return this.#line
  }

  #followedBy(index: number, text: string): boolean {
    let at = index
    while (this.#text[at] === ' ' || this.#text[at] === '\t') at += 1
    return this.#text.startsWith(text, at)
  }
}

/** The 1-based line of every line of `text` that is `header` once trimmed, in order. */
export function headerLines(text: string, header: string): number[] {
  const lines: number[] = []
  let line = 1
  let start = 0
  while (start <= text.length) {
    const end = text.indexOf('\n', start)
    const stop = end === -1 ? text.length : end
    if (text.slice(start, stop).trim() === header) lines.push(line)
    if (end === -1) break
    start = end + 1
    line += 1
  }
  return lines
}
