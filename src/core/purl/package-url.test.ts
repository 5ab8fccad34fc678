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
    "a local version's + stays (the specification allows + or %2B)",
    { type: 'pypi', name: 'torch', version: '2.4.1+cu121' },
    'pkg:pypi/torch@2.4.1+cu121',
  ],
  [
    "a PyPI name is lowercase, its _ a -, as the pypi type's rule says",
    { type: 'pypi', name: 'Ruamel_Yaml', version: '0.18.6' },
    'pkg:pypi/ruamel-yaml@0.18.6',
  ],
  [
    'a space, a slash in a name and a # are percent-encoded',
    { type: 'generic', name: 'a b/c#d', version: '1.0' },
    'pkg:generic/a%20b%2Fc%23d@1.0',
  ],
  [
    'a Docker image on another registry names it in a qualifier',
    {
      type: 'docker',
      namespace: 'keycloak',
      name: 'keycloak',
      qualifiers: { repository_url: 'quay.io' },
    },
    'pkg:docker/keycloak/keycloak?repository_url=quay.io',
  ],
  ['no version, no @', { type: 'helm', name: 'cert-manager' }, 'pkg:helm/cert-manager'],
]

for (const [rule, parts, purl] of CASES) {
  test(rule, () => assert.equal(packageUrl(parts), purl))
}
