import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type PackageUrlParts, packageUrl } from './package-url.ts'

// Columns: the rule, the parts, the purl.
const CASES: readonly (readonly [string, PackageUrlParts, string])[] = [
  ['a plain name', { type: 'npm', name: 'ms', version: '2.1.3' }, 'pkg:npm/ms@2.1.3'],
  [
    "a scoped npm name's @ is percent-encoded in the namespace",
    { type: 'npm', namespace: '@sindresorhus', name: 'is', version: '4.6.0' },
    'pkg:npm/%40sindresorhus/is@4.6.0',
  ],
  [
    "a local version's + is percent-encoded",
    { type: 'pypi', name: 'torch', version: '2.4.1+cu121' },
    'pkg:pypi/torch@2.4.1%2Bcu121',
  ],
  [
    'letters, digits and .-_~ stay as they are',
    { type: 'pypi', name: 'a.b-c_d~e', version: '1.0.0-rc.1' },
    'pkg:pypi/a.b-c_d~e@1.0.0-rc.1',
  ],
  [
    "encodeURIComponent's exceptions !'()* are encoded too",
    { type: 'generic', name: "it's(1)", version: '1!2.0' },
    'pkg:generic/it%27s%281%29@1%212.0',
  ],
]

for (const [rule, parts, purl] of CASES) {
  test(rule, () => assert.equal(packageUrl(parts), purl))
}
