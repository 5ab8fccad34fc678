import assert from 'node:assert/strict'
import { test } from 'node:test'
import { tomlKeyLine } from './toml-key-line.ts'

const PYPROJECT = `[build-system]
requires = ["hatchling"]

[project]
name = "x"
description = """
requires-python = "a trap: inside a string"
"""
"requires-python" = ">=3.9"

[tool.poetry.dependencies]
python = "^3.10"
`

// [text, path, line]
const CASES = [
  [PYPROJECT, ['project', 'requires-python'], 9],
  [PYPROJECT, ['tool', 'poetry', 'dependencies', 'python'], 12],
  [PYPROJECT, ['project', 'readme'], 4],
  [PYPROJECT, ['nothing', 'here'], 1],
  ['project.requires-python = ">=3.8"\n', ['project', 'requires-python'], 1],
  [
    'x = 1\nproject = { name = "x", requires-python = ">=3.8" }\n',
    ['project', 'requires-python'],
    2,
  ],
  ['[tools]\nnode = "20"\n"npm:pnpm" = "9"\n', ['tools', 'npm:pnpm'], 3],
  ["[tools]\nnode = '''\n20\n'''\npython = '3.12'\n", ['tools', 'python'], 5],
  ['[[tool.x]]\na = 1\n[tools] # comment\nnode = "20"  # the team\n', ['tools', 'node'], 4],
] as const

for (const [text, path, line] of CASES) {
  test(`${path.join('.')} is at line ${line} in ${JSON.stringify(text.slice(0, 30))}…`, () => {
    assert.equal(tomlKeyLine(text, path), line)
  })
}
