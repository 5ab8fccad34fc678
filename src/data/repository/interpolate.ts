/**
 * Variables in a Dockerfile `FROM` (its `ARG`s) and a compose file's `image:` (its `.env` and
 * defaults): `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:+word}`,
 * `${NAME+word}`, defaults themselves holding variables. One pass over the text, nested
 * defaults at most a few deep: linear in the text, whatever it holds.
 */

export type Interpolated = { readonly text: string } | { readonly unset: string }

/** Nesting deeper than this is no real file's: it reads as an unset variable. */
const MAX_DEPTH = 8

/**
 * @param lookup a variable's value; undefined when it is not set
 * @example interpolate('node:${NODE:-20}-alpine', () => undefined) // { text: 'node:20-alpine' }
 * @example interpolate('${BASE}', () => undefined) // { unset: 'BASE' }
 */
export function interpolate(
  text: string,
  lookup: (name: string) => string | undefined,
): Interpolated {
  return expand(text, lookup, 0)
}

function expand(
  text: string,
  lookup: (name: string) => string | undefined,
  depth: number,
): Interpolated {
  if (!text.includes('$')) return { text }
  let out = ''
  let index = 0
  while (index < text.length) {
    const char = text[index] as string
    if (char !== '$') {
      out += char
      index++
      continue
    }
    const next = text[index + 1]
    if (next === '$') {
      // Compose's escaped dollar.
      out += '$'
      index += 2
      continue
    }
    if (next === '{') {
      const close = matchingBrace(text, index + 2)
      if (close === -1) return { unset: text.slice(index) }
      const inner = text.slice(index + 2, close)
      const replaced = braced(inner, lookup, depth)
      if ('unset' in replaced) return replaced
      out += replaced.text
      index = close + 1
      continue
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(index + 1, index + 257))?.[0]
    if (name === undefined) {
      out += char
      index++
      continue
    }
    const value = lookup(name)
    if (value === undefined) return { unset: name }
    out += value
    index += 1 + name.length
  }
  return { text: out }
}

function braced(
  inner: string,
  lookup: (name: string) => string | undefined,
  depth: number,
): Interpolated {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(inner.slice(0, 256))?.[0]
  if (name === undefined) return { unset: inner }
  const rest = inner.slice(name.length)
  const value = lookup(name)
  if (rest === '') return value === undefined ? { unset: name } : { text: value }
  const operator =
    rest.startsWith(':-') || rest.startsWith(':+') || rest.startsWith(':?')
      ? rest.slice(0, 2)
      : rest[0]
  const word = rest.slice((operator as string).length)
  if (depth >= MAX_DEPTH) return { unset: name }
  switch (operator) {
    case ':-':
      return value === undefined || value === '' ? expand(word, lookup, depth + 1) : { text: value }
    case '-':
      return value === undefined ? expand(word, lookup, depth + 1) : { text: value }
    case ':+':
      return value === undefined || value === '' ? { text: '' } : expand(word, lookup, depth + 1)
    case '+':
      return value === undefined ? { text: '' } : expand(word, lookup, depth + 1)
    default:
      // `${NAME:?error}` and the like: the value when set, else nothing to read.
      return value === undefined ? { unset: name } : { text: value }
  }
}

/** The index of the `}` closing a `${` whose content starts at `from`; -1 when none does. */
function matchingBrace(text: string, from: number): number {
  let depth = 1
  for (let index = from; index < text.length; index++) {
    const char = text[index]
    if (char === '{') depth++
    else if (char === '}' && --depth === 0) return index
  }
  return -1
}
