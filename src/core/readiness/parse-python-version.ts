/**
 * A Python version as PEP 440 defines it, normalised the way pip and `packaging` read it:
 * `v1.0`, `1.0-RC1`, `1.0.post-2`, `1!2.0.dev3+ubuntu.1`. Read by one left-to-right scan
 * (no regular expression that could backtrack on a long line); anything else is null.
 */

export type PreKind = 'a' | 'b' | 'rc'

export interface PythonVersion {
  readonly epoch: number
  /** The release segments, as written (trailing zeros kept: `3.13.0` has three). */
  readonly release: readonly number[]
  readonly pre: { readonly kind: PreKind; readonly number: number } | null
  readonly post: number | null
  readonly dev: number | null
  /** The local segments after `+`, lowercased; empty when there is none. */
  readonly local: readonly string[]
}

// Spellings PEP 440 accepts for each pre-release kind, longest first so that `preview` is not
// read as `pre` followed by `view`.
const PRE_SPELLINGS: readonly (readonly [string, PreKind])[] = [
  ['preview', 'rc'],
  ['alpha', 'a'],
  ['beta', 'b'],
  ['pre', 'rc'],
  ['rc', 'rc'],
  ['a', 'a'],
  ['b', 'b'],
  ['c', 'rc'],
]
const POST_SPELLINGS = ['post', 'rev', 'r'] as const
// Release segments beyond this are not read: no real version has them, and a hostile one
// must not make the comparisons grow.
const MAX_SEGMENTS = 32
const MAX_DIGITS = 15

/** @example parsePythonVersion('3.13.0rc1')?.pre // { kind: 'rc', number: 1 } */
export function parsePythonVersion(text: string): PythonVersion | null {
  const scan = new Scanner(text.trim().toLowerCase())
  scan.skip('v')
  let epoch = 0
  const start = scan.at
  const first = scan.number()
  if (first !== null && scan.skip('!')) epoch = first
  else scan.at = start
  const release: number[] = []
  do {
    const part = scan.number()
    if (part === null || release.length === MAX_SEGMENTS) return null
    release.push(part)
  } while (scan.skipBeforeDigit('.'))
  const pre = readPre(scan)
  const post = readPost(scan)
  const dev = readTagged(scan, ['dev'])
  const local: string[] = []
  if (scan.skip('+')) {
    do {
      const part = scan.alphanumerics()
      if (part === '') return null
      local.push(part)
    } while (scan.skipSeparator())
  }
  if (!scan.atEnd()) return null
  return { epoch, release, pre, post: post?.number ?? null, dev: dev?.number ?? null, local }
}

/** True for a pre-release or a development release. */
export function isPythonPreRelease(version: PythonVersion): boolean {
  return version.pre !== null || version.dev !== null
}

function readPre(scan: Scanner): PythonVersion['pre'] {
  const start = scan.at
  scan.skipSeparator()
  for (const [spelling, kind] of PRE_SPELLINGS) {
    if (scan.skip(spelling)) {
      return { kind, number: numberAfterTag(scan) }
    }
  }
  scan.at = start
  return null
}

function readPost(scan: Scanner): { readonly number: number } | null {
  const start = scan.at
  // `1.0-1` is the post-release 1.
  if (scan.skip('-')) {
    const number = scan.number()
    if (number !== null) return { number }
    scan.at = start
  }
  return readTagged(scan, POST_SPELLINGS)
}

function readTagged(
  scan: Scanner,
  spellings: readonly string[],
): { readonly number: number } | null {
  const start = scan.at
  scan.skipSeparator()
  for (const spelling of spellings) {
    if (scan.skip(spelling)) return { number: numberAfterTag(scan) }
  }
  scan.at = start
  return null
}

/** `rc1`, `rc.1`, `rc-1`, `rc_1`; no number is 0. */
function numberAfterTag(scan: Scanner): number {
  const start = scan.at
  scan.skipSeparator()
  const number = scan.number()
  if (number !== null) return number
  scan.at = start
  return 0
}

class Scanner {
  at = 0
  readonly #text: string

  constructor(text: string) {
    this.#text = text
  }

  atEnd(): boolean {
    return this.at === this.#text.length
  }

  skip(word: string): boolean {
    if (!this.#text.startsWith(word, this.at)) return false
    this.at += word.length
    return true
  }

  /** `.` (or another separator) only when a digit follows: `1.0.post1` keeps its `.post`. */
  skipBeforeDigit(separator: string): boolean {
    if (this.#text[this.at] !== separator || !isDigit(this.#text.charCodeAt(this.at + 1))) {
      return false
    }
    this.at += 1
    return true
  }

  skipSeparator(): boolean {
    const char = this.#text[this.at]
    if (char !== '.' && char !== '-' && char !== '_') return false
    this.at += 1
    return true
  }

  number(): number | null {
    const start = this.at
    while (isDigit(this.#text.charCodeAt(this.at))) this.at += 1
    if (this.at === start) return null
    // Leading zeros are ignored; a number too long to hold exactly is no version we read.
    const digits = this.#text.slice(start, this.at).replace(/^0+(?=\d)/, '')
    if (digits.length > MAX_DIGITS) {
      this.at = start
      return null
    }
    return Number(digits)
  }

  alphanumerics(): string {
    const start = this.at
    while (isAlphanumeric(this.#text.charCodeAt(this.at))) this.at += 1
    return this.#text.slice(start, this.at)
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isAlphanumeric(code: number): boolean {
  return isDigit(code) || (code >= 97 && code <= 122)
}
