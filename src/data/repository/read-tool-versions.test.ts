import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readToolVersions } from './read-tool-versions.ts'

test('one tool a line, its first version, comments and system aside', () => {
  const { declarations } = readToolVersions(
    '# asdf\nnodejs 20.11.1 18.19.0\npython   3.12.2 # pinned\n\nkubectl system\nterraform\n',
    '.tool-versions',
    { sibling: () => undefined },
  )
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.text, found.declared]),
    [
      [2, 'nodejs', 'nodejs 20.11.1', { version: '20.11.1' }],
      [3, 'python', 'python 3.12.2', { version: '3.12.2' }],
      [5, 'kubectl', 'kubectl system', { unknown: "'system' names no version" }],
    ],
  )
})
