import assert from 'node:assert/strict'
import { test } from 'node:test'
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
