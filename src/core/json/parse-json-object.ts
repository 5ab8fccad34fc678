/**
 * A strict JSON parser for request bodies and data files. Unlike JSON.parse it reports duplicate keys
 * (a value "given twice" is a 400, CONTRACT §5) and keeps each object's key order
 * (checks come back in request order, even for keys such as "10" that JavaScript
 * objects would move to the front). Objects have no prototype: `__proto__` is a key.
 */
/** Deeper JSON than any valid request or document needs; stops stack-exhausting input early. */
export const DEFAULT_MAX_DEPTH = 64

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message)
  }
}

export interface ParsedJson {
  readonly value: unknown
  /** Keys of each parsed object in the order they were written. */
  readonly keyOrder: WeakMap<object, string[]>
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
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

export function parseJsonObject(text: string, maxDepth = DEFAULT_MAX_DEPTH): ParsedJson {
  const keyOrder = new WeakMap<object, string[]>()
  let index = 0

  const fail = (message: string): never => {
    throw new JsonSyntaxError(`${message} at position ${index}`, index)
  }
  const skipSpace = () => {
    while (index < text.length) {
      const code = text.charCodeAt(index)
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break
      index++
    }
  }
  const expect = (char: string) => {
    if (text[index] !== char) fail(`expected '${char}'`)
    index++
  }

  const parseString = (): string => {
    expect('"')
    let result = ''
    let start = index
    while (true) {
      if (index >= text.length) fail('unterminated string')
      const code = text.charCodeAt(index)
      if (code === 0x22) break
      if (code < 0x20) fail('control character in string')
      if (code !== 0x5c) {
        index++
        continue
      }
      result += text.slice(start, index)
      const escaped = text[index + 1] ?? ''
      if (escaped === 'u') {
        const hex = text.slice(index + 2, index + 6)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape')
        result += String.fromCharCode(Number.parseInt(hex, 16))
        index += 6
      } else {
        const decoded = ESCAPES[escaped]
        if (decoded === undefined) fail('bad escape')
        result += decoded
        index += 2
      }
      start = index
    }
    result += text.slice(start, index)
    index++
    return result
  }

  const parseValue = (depth: number): unknown => {
    if (depth > maxDepth) fail('nesting too deep')
    skipSpace()
    const char = text[index]
    if (char === '{') return parseObject(depth)
    if (char === '[') return parseArray(depth)
    if (char === '"') return parseString()
    for (const [literal, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(literal, index)) {
        index += literal.length
        return value
      }
    }
    NUMBER.lastIndex = index
    const number = NUMBER.exec(text)
    if (number === null) return fail('unexpected token')
    index += number[0].length
    return Number(number[0])
  }

  const parseObject = (depth: number): object => {
    expect('{')
    const object: Record<string, unknown> = Object.create(null)
    const keys: string[] = []
    keyOrder.set(object, keys)
    skipSpace()
    if (text[index] === '}') {
      index++
      return object
    }
    while (true) {
      skipSpace()
      const keyStart = index
      const key = parseString()
      if (Object.hasOwn(object, key)) {
        throw new JsonSyntaxError(`key ${JSON.stringify(key)} is given twice`, keyStart)
      }
      skipSpace()
      expect(':')
      object[key] = parseValue(depth + 1)
      keys.push(key)
      skipSpace()
      if (text[index] === ',') {
        index++
        continue
      }
      expect('}')
      return object
    }
  }

  const parseArray = (depth: number): unknown[] => {
    expect('[')
    const array: unknown[] = []
    skipSpace()
    if (text[index] === ']') {
      index++
      return array
    }
    while (true) {
      array.push(parseValue(depth + 1))
      skipSpace()
      if (text[index] === ',') {
        index++
        continue
      }
      expect(']')
      return array
    }
  }

  const value = parseValue(0)
  skipSpace()
  if (index < text.length) fail('unexpected text after the JSON value')
  return { value, keyOrder }
}
