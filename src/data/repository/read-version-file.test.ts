import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { RepositoryFileReader } from './file-reading.ts'
import { readNodeVersionFile, readPythonVersionFile, readRuntimeTxt } from './read-version-file.ts'

const NONE = { sibling: () => undefined }

// [reader, file, text, each declaration as [line, component, declared]]
const CASES: readonly (readonly [RepositoryFileReader, string, string, readonly unknown[]])[] = [
  [readNodeVersionFile, '.nvmrc', 'v20.11.1\n', [[1, 'nodejs', { version: 'v20.11.1' }]]],
  [readNodeVersionFile, '.nvmrc', '# the team\n\n22\n', [[3, 'nodejs', { version: '22' }]]],
  [
    readNodeVersionFile,
    '.node-version',
    'lts/iron\n',
    [[1, 'nodejs', { unknown: "'lts/iron' names no version" }]],
  ],
  [readNodeVersionFile, '.nvmrc', '', []],
  [
    readPythonVersionFile,
    '.python-version',
    '3.12.4\n3.11\npypy3.10-7.3.17\n',
    [
      [1, 'python', { version: '3.12.4' }],
      [2, 'python', { version: '3.11' }],
      [3, 'pypy', { version: '3.10-7.3.17' }],
    ],
  ],
  [
    readPythonVersionFile,
    '.python-version',
    'system\n',
    [[1, 'python', { unknown: "'system' names no version" }]],
  ],
  [readRuntimeTxt, 'runtime.txt', 'python-3.12.4\n', [[1, 'python', { version: '3.12.4' }]]],
]

for (const [reader, file, text, expected] of CASES) {
  test(`${file} ${JSON.stringify(text)}`, () => {
    const { declarations, faults } = reader(text, file, NONE)
    assert.deepEqual(faults, [])
    assert.deepEqual(
      declarations.map((found) => [found.location.line, found.component, found.declared]),
      expected,
    )
    for (const found of declarations) assert.equal(found.kind, 'version-file')
  })
}

test('a runtime.txt that is not RUNTIME-VERSION is a fault at its line', () => {
  assert.deepEqual(readRuntimeTxt('\n3.12\n', 'runtime.txt', NONE).faults, [
    {
      file: 'runtime.txt',
      line: 2,
      reason: "'3.12' is not RUNTIME-VERSION (such as python-3.12.4)",
    },
  ])
})
