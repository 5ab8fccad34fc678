import assert from 'node:assert/strict'
import { test } from 'node:test'
import { dependencyPath, projectPath, readPagePath } from './page-paths.ts'

// Columns: path, the page it names (null: none of the site's).
const CASES = [
  ['/', { kind: 'home' }],
  ['/dependencies', { kind: 'dependencies' }],
  ['/stack', { kind: 'stack' }],
  ['/projects/django', { kind: 'project', name: 'django' }],
  ['/projects/db%2Doperator', { kind: 'project', name: 'db-operator' }],
  ['/dependencies/postgresql', { kind: 'dependency', name: 'postgresql' }],
  ['/projects/', null],
  ['/projects/a/b', null],
  ['/projects/%ZZ', null],
  ['/dependencies/', null],
  ['/stack/', null],
  ['/nope', null],
] as const

test('readPagePath names the page of a path, its name decoded', () => {
  for (const [path, page] of CASES) assert.deepEqual(readPagePath(path), page, path)
})

test('a page path reads back as the name it was written from', () => {
  for (const name of ['django', 'a b', 'x/y', '100%']) {
    assert.deepEqual(readPagePath(projectPath(name)), { kind: 'project', name })
    assert.deepEqual(readPagePath(dependencyPath(name)), { kind: 'dependency', name })
  }
})
