import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { formatStackFile } from './format-stack-file.ts'
import { readPackageLock } from './read-package-lock.ts'

const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8'),
  )

const ROOT = 'the root: the software the file describes, not a component of the stack it runs on'

// npm 11 wrote both for one project: ms@2.0.0 direct, debug@4.3.7 nesting ms@2.1.3, semver dev.
const DEMO_STACK = [
  '@sindresorhus/is 4.6.0 pkg:npm/%40sindresorhus/is@4.6.0 at /packages/node_modules~1@sindresorhus~1is',
  'debug 4.3.7 pkg:npm/debug@4.3.7 at /packages/node_modules~1debug',
  'ms 2.0.0 pkg:npm/ms@2.0.0 at /packages/node_modules~1ms',
  'semver 7.6.3 pkg:npm/semver@7.6.3 at /packages/node_modules~1semver',
  'duplicate ms: kept 2.0.0 (the root depends on it directly), not 2.1.3 at /packages/node_modules~1debug~1node_modules~1ms',
  `left out stack-demo: ${ROOT} at /packages/`,
]

for (const path of ['package-lock-v3/package-lock.json', 'package-lock-v2/package-lock.json']) {
  test(`${path} reads as its stack`, () => {
    assert.deepEqual(formatStackFile(readPackageLock(fixture(path))), DEMO_STACK)
  })
}

const lock = (packages: Record<string, unknown>) => ({ lockfileVersion: 3, packages })

// Columns: the rule, the document, what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  [
    'lockfileVersion 1 is refused, saying which npm writes what is read',
    { lockfileVersion: 1, dependencies: {} },
    [
      'error /lockfileVersion: lockfileVersion 1 (npm 6) has no "packages" map: this reader reads versions 2 and 3, which npm 7 and later write',
      'error /packages: is missing',
    ],
  ],
  [
    'an unknown lockfileVersion is refused',
    { lockfileVersion: '3', packages: {} },
    ['error /lockfileVersion: must be 2 or 3, found "3"'],
  ],
  [
    'packages that are no map are refused',
    { lockfileVersion: 3, packages: [] },
    ['error /packages: must be an object, found []'],
  ],
  [
    'entries of the wrong shape are refused where they are',
    lock({
      'node_modules/a': 'a@1',
      'node_modules/b': { version: 2 },
      'node_modules/': { version: '1.0.0' },
    }),
    [
      'error /packages/node_modules~1a: must be a package object, found "a@1"',
      'error /packages/node_modules~1b/version: must be a string, found 2',
      'error /packages/node_modules~1: names no package after "node_modules/"',
    ],
  ],
  [
    "a direct dependency declared in any of the root's four fields wins over a higher nested copy",
    lock({
      '': { name: 'app', peerDependencies: { react: '^18' } },
      'node_modules/react': { version: '18.3.1' },
      'node_modules/x/node_modules/react': { version: '19.0.0' },
    }),
    [
      'react 18.3.1 pkg:npm/react@18.3.1 at /packages/node_modules~1react',
      'duplicate react: kept 18.3.1 (the root depends on it directly), not 19.0.0 at /packages/node_modules~1x~1node_modules~1react',
      `left out app: ${ROOT} at /packages/`,
    ],
  ],
  [
    'without a direct one, the highest of the copies is kept',
    lock({
      'node_modules/a/node_modules/ms': { version: '2.0.0' },
      'node_modules/ms': { version: '2.1.3' },
    }),
    [
      'ms 2.1.3 pkg:npm/ms@2.1.3 at /packages/node_modules~1ms',
      'duplicate ms: kept 2.1.3 (the highest version), not 2.0.0 at /packages/node_modules~1a~1node_modules~1ms',
    ],
  ],
  [
    'an alias is its real package; workspaces and links are left out, named',
    lock({
      'node_modules/my-ms': { name: 'ms', version: '2.1.3' },
      'node_modules/web': { resolved: 'packages/web', link: true },
      'packages/web': { name: 'web', version: '0.1.0' },
      'node_modules/odd': {},
    }),
    [
      'ms 2.1.3 pkg:npm/ms@2.1.3 at /packages/node_modules~1my-ms',
      'left out web: a link to packages/web, which the lockfile lists on its own at /packages/node_modules~1web',
      'left out web: a folder of the project itself (a workspace), not an installed package at /packages/packages~1web',
      'left out odd: it has no version at /packages/node_modules~1odd',
    ],
  ],
]

for (const [rule, document, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readPackageLock(document)), lines))
}
