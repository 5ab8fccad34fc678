import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readPyproject } from './read-pyproject.ts'

test("requires-python (PEP 440) and Poetry's python, each a range at its line", () => {
  const { declarations } = readPyproject(
    `[project]
name = "api"
requires-python = ">=3.9, !=3.9.1"

[tool.poetry.dependencies]
python = "^3.10"
django = "^5.0"
`,
    'pyproject.toml',
    { sibling: () => undefined },
  )
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.kind, found.declared]),
    [
      [
        3,
        'python',
        'requires-python',
        { range: '>=3.9, !=3.9.1', ranges: ['>=3.9 <3.9.1', '>3.9.1'] },
      ],
      [6, 'python', 'requires-python', { range: '^3.10', ranges: ['>=3.10 <4'] }],
    ],
  )
})
