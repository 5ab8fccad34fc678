import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readPastedStack } from '../../web/src/stack-text.ts'

// [pasted text, components, problems]
const CASES: readonly (readonly [string, [string, string][], string[]])[] = [
  [
    'components:\n  kubernetes: 1.33.2   # the cluster\n  cnpg: "v1.27.1"\n',
    [
      ['kubernetes', '1.33.2'],
      ['cnpg', 'v1.27.1'],
    ],
    [],
  ],
  [
    'components:\n  postgresql:\n    version: "17.2"\n    packages:\n      - ghcr.io/x/postgresql\n  cert-manager: {version: 1.17.0, packages: [a]}',
    [
      ['postgresql', '17.2'],
      ['cert-manager', '1.17.0'],
    ],
    [],
  ],
  [
    'kubernetes=1.33.2\ncnpg v1.27.1\n# a comment\n\n"10": 16',
    [
      ['kubernetes', '1.33.2'],
      ['cnpg', 'v1.27.1'],
      ['10', '16'],
    ],
    [],
  ],
  ['components:\n  a:\n  b: 1', [['b', '1']], ['line 2: a has no version']],
  ['just-a-name', [], ['line 1: “just-a-name” is not name: version']],
  ['x: {packages: [a]}', [], ['line 1: x has no version']],
  ['', [], []],
]

for (const [text, components, problems] of CASES) {
  test(`the stack page reads pasted text: ${JSON.stringify(text).slice(0, 40)}`, () => {
    const read = readPastedStack(text)
    assert.deepEqual(read.components, components)
    assert.deepEqual(read.problems, problems)
  })
}
