/**
 * A strict JSON parser for request bodies and data files. Unlike JSON.parse it reports
 * duplicate keys (a value "given twice" is a 400: docs/api.md, "Errors and limits") and keeps each object's key
 * order (checks come back in request order, even for keys such as "10" that JavaScript
 * objects would move to the front). Objects have no prototype: `__proto__` is a key.
 */

import { quotedExcerpt } from '../text/excerpt.ts'

/** Deeper JSON than any valid request or document needs; stops stack-exhausting input early. */
export const DEFAULT_MAX_DEPTH = 64

export class JsonSyntaxError extends Error {
  readonly position: number

  constructor(message: string, position: number) {
    super(message)
    this.position = position
  }
}

export interface ParsedJson {
  readonly value: unknown
  /** Keys of each parsed object in the order they were written. */
  readonly keyOrder: WeakMap<object, string[]>
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const HEX4 = /^[0-9a-fA-F]{4}$/
// A run of string characters that need no decoding: not a quote, backslash or control character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: excluding them is the point
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}
const LITERALS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const

/**
 * `keepKeyOrder`: false for a caller that never asks the order (a file of a million objects
 * then does not keep a million lists of their keys).
 */
export function parseJsonObject(
  text: string,
  maxDepth = DEFAULT_MAX_DEPTH,
  keepKeyOrder = true,
): ParsedJson {
  const parser = new Parser(text, maxDepth, keepKeyOrder)
  const value = parser.value(0)
  parser.skipSpace()
  if (parser.index < text.length) parser.fail('unexpected text after the JSON value')
  return { value, keyOrder: parser.keyOrder }
}

// A class rather than closures: one parse allocates one object, not a function per rule.
class Parser {
  index = 0
  readonly keyOrder = new WeakMap<object, string[]>()

  readonly text: string
  readonly maxDepth: number
  readonly keepKeyOrder: boolean

  constructor(text: string, maxDepth: number, keepKeyOrder: boolean) {
    this.text = text
    this.maxDepth = maxDepth
    this.keepKeyOrder = keepKeyOrder
  }

  fail(message: string, position = this.index): never {
    throw new JsonSyntaxError(`${message} at position ${position}`, position)
  }

  skipSpace(): void {
    const { text } = this
    while (this.index < text.length) {
      const code = text.charCodeAt(this.index)
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break
      this.index++
    }
  }

  expect(char: string): void {
    if (this.text[this.index] !== char) this.fail(`expected '${char}'`)
    this.index++
  }

  value(depth: number): unknown {
    if (depth > this.maxDepth) this.fail('nesting too deep')
    this.skipSpace()
    const char = this.text[this.index]
    if (char === '{') return this.object(depth)
    if (char === '[') return this.array(depth)
    if (char === '"') return this.string()
    for (const [literal, value] of LITERALS) {
      if (this.text.startsWith(literal, this.index)) {
        this.index += literal.length
        return value
      }
    }
    NUMBER.lastIndex = this.index
    const number = NUMBER.exec(this.text)
    if (number === null) return this.fail('unexpected token')
    this.index += number[0].length
    return Number(number[0])
  }

  string(): string {
    this.expect('"')
    const { text } = this
    // Most strings have no escape: one native scan finds their end.
    PLAIN_RUN.lastIndex = this.index
    PLAIN_RUN.test(text)
    if (text.charCodeAt(PLAIN_RUN.lastIndex) === 0x22) {
      const plain = text.slice(this.index, PLAIN_RUN.lastIndex)
      this.index = PLAIN_RUN.lastIndex + 1
      return plain
    }
    let result = ''
    let start = this.index
    while (true) {
      if (this.index >= text.length) this.fail('unterminated string')
      const code = text.charCodeAt(this.index)
      if (code === 0x22) break
      if (code < 0x20) this.fail('control character in string')
      if (code !== 0x5c) {
        this.index++
        continue
      }
      result += text.slice(start, this.index)
      const escaped = text[this.index + 1] ?? ''
      if (escaped === 'u') {
        const hex = text.slice(this.index + 2, this.index + 6)
        if (!HEX4.test(hex)) this.fail('bad \\u escape')
        result += String.fromCharCode(Number.parseInt(hex, 16))
        this.index += 6
      } else {
        const decoded = ESCAPES[escaped]
        if (decoded === undefined) this.fail('bad escape')
        result += decoded
        this.index += 2
      }
      start = this.index
    }
    result += text.slice(start, this.index)
    this.index++
    return result
  }

  object(depth: number): object {
    this.expect('{')
    const object: Record<string, unknown> = Object.create(null)
    const keys: string[] | null = this.keepKeyOrder ? [] : null
    if (keys !== null) this.keyOrder.set(object, keys)
    this.skipSpace()
    if (this.text[this.index] === '}') {
      this.index++
      return object
    }
    while (true) {
      this.skipSpace()
      const keyStart = this.index
      const key = this.string()
      if (Object.hasOwn(object, key))
        // A key of a megabyte is named by its start: the message stays a line.
        this.fail(`key ${quotedExcerpt(key)} is given twice`, keyStart)
      this.skipSpace()
      this.expect(':')
      object[key] = this.value(depth + 1)
      keys?.push(key)
      this.skipSpace()
      if (this.text[this.index] === ',') {
        this.index++
        continue
      }
      this.expect('}')
      return object
    }
  }

  array(depth: number): unknown[] {
    this.expect('[')
    const array: unknown[] = []
    this.skipSpace()
    if (this.text[this.index] === ']') {
      this.index++
      return array
    }
    while (true) {
      array.push(this.value(depth + 1))
      this.skipSpace()
      if (this.text[this.index] === ',') {
        this.index++
        continue
      }
      this.expect(']')
      return array
    }
  }
}
