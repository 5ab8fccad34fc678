import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { requirementsLines } from './requirements-lines.ts'

// Columns: the rule, the text, the logical lines as `LINE: TEXT`.
const CASES: readonly (readonly [string, string, string[]])[] = [
  [
    'blank lines and comment lines are no lines',
    '\n# a comment\n   # indented\nflask==3.0.3\n',
    ['4: flask==3.0.3'],
  ],
  ['a comment after whitespace is cut', 'flask==3.0.3   # the web framework', ['1: flask==3.0.3']],
  [
    "a # without whitespace before it stays (a URL's #egg=)",
    'git+https://example.org/repo.git#egg=shop',
    ['1: git+https://example.org/repo.git#egg=shop'],
  ],
  [
    'a backslash continues the line; the line number is the first',
    'a\npsycopg==3.2.3 \\\n    --hash=sha256:aa \\\n    --hash=sha256:bb\nb',
    ['1: a', '2: psycopg==3.2.3     --hash=sha256:aa     --hash=sha256:bb', '5: b'],
  ],
  [
    'a comment line ending in a backslash does not continue',
    '# note \\\nflask==3.0.3',
    ['2: flask==3.0.3'],
  ],
  [
    'a comment line ends a continuation and is dropped',
    'flask==3.0.3 \\\n# why\nb',
    ['1: flask==3.0.3', '3: b'],
  ],
  ['a backslash on the last line ends the file', 'flask==3.0.3 \\', ['1: flask==3.0.3']],
  ['Windows line ends', 'a==1\r\nb==2\r\n', ['1: a==1', '2: b==2']],
]

for (const [rule, text, lines] of CASES) {
  test(rule, () => {
    assert.deepEqual(
      requirementsLines(text).map(({ line, text: logical }) => `${line}: ${logical}`),
      lines,
    )
  })
}

/** The reading this module replaced, with pip's own regular expressions: the oracle. */
function byPipsExpressions(text: string): { line: number; text: string }[] {
  const COMMENT = /(^|\s+)#.*$/
  const COMMENT_LINE = /^\s*#/
  const lines: { line: number; text: string }[] = []
  const add = (line: number, joined: string) => {
    const stripped = joined.replace(COMMENT, '').trim()
    if (stripped !== '') lines.push({ line, text: stripped })
  }
  let pending: { line: number; parts: string[] } | undefined
  text.split(/\r\n|\n|\r/).forEach((physical, index) => {
    const line = index + 1
    if (physical.endsWith('\\') && !COMMENT_LINE.test(physical)) {
      pending ??= { line, parts: [] }
      pending.parts.push(physical.replace(/^\\+|\\+$/g, ''))
      return
    }
    if (pending === undefined) add(line, physical)
    else {
      pending.parts.push(COMMENT_LINE.test(physical) ? ` ${physical}` : physical)
      add(pending.line, pending.parts.join(''))
      pending = undefined
    }
  })
  if (pending !== undefined) add(pending.line, pending.parts.join(''))
  return lines
}

const PIECES = [' ', '  ', '\t', '\\', '\\\\', '#', ' #', 'a', '==1', '\n', '\r', '\r\n', '-r x']

test('the one-pass reading reads every text as pip’s expressions do', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
      const text = pieces.join('')
      assert.deepEqual(requirementsLines(text), byPipsExpressions(text))
    }),
    { numRuns: 2000 },
  )
})

// Columns: the hostile line, as a function of its length n. Each once took time that grew
// with the square of n (300,000 spaces held a server for 52 s).
const HOSTILE: readonly (readonly [string, (n: number) => string])[] = [
  ['spaces between two words', (n) => `a${' '.repeat(n)}x`],
  ['spaces only', (n) => ' '.repeat(n)],
  ['backslashes inside a continued line', (n) => `x${'\\'.repeat(n)}x\\`],
  ['backslashes only', (n) => '\\'.repeat(n)],
  ['space-hash pairs', (n) => ` #${' #'.repeat(n / 2)}`],
  ['continued lines', (n) => 'a \\\n'.repeat(n / 4)],
  ['blank lines', (n) => '\r\n'.repeat(n / 2)],
  ['comment lines ending in a backslash', (n) => '# \\\n'.repeat(n / 4)],
]

test('reading takes steps linear in the text, whatever the text', () => {
  for (const [shape, make] of HOSTILE) {
    for (const n of [1_000, 10_000, 100_000, 1_000_000]) {
      const text = make(n)
      const counter = { steps: 0 }
      requirementsLines(text, counter)
      assert.ok(
        counter.steps <= 6 * text.length + 10,
        `${shape}, ${text.length} characters: ${counter.steps} steps`,
      )
    }
  }
})

test('any text: steps stay within six a character', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 200 }), (pieces) => {
      const text = pieces.join('')
      const counter = { steps: 0 }
      requirementsLines(text, counter)
      assert.ok(counter.steps <= 6 * text.length + 10, `${counter.steps} for ${text.length}`)
    }),
  )
})
