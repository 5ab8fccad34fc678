import assert from 'node:assert/strict'
import { test } from 'node:test'
import { displayPath } from './display-path.ts'

test('displayPath: relative inside the working directory, as given outside it', () => {
  // path, cwd, shown
  const cases: [string, string, string][] = [
    ['/work/main/data/projects/django.yaml', '/work/main', 'data/projects/django.yaml'],
    ['/work/main', '/work/main', '.'],
    ['/work/other/x.yaml', '/work/main', '/work/other/x.yaml'],
    ['/work/main-2/x.yaml', '/work/main', '/work/main-2/x.yaml'],
    ['/work/main/..data/x.yaml', '/work/main', '..data/x.yaml'],
    ['relative/x.yaml', '/work/main', 'relative/x.yaml'],
  ]
  for (const [path, cwd, shown] of cases) assert.equal(displayPath(path, cwd), shown, path)
})
