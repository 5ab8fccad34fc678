import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { purlKey, purlKeyOf, readPurl } from './read-purl.ts'

// [text, key (null: not a purl), version, qualified]
const CASES = [
  ['pkg:npm/next', 'npm//next', null, false],
  ['pkg:npm/%40nestjs/core', 'npm/@nestjs/core', null, false],
  ['pkg:npm/next@14.2.3', 'npm//next', '14.2.3', false],
  ['pkg:pypi/Django', 'pypi//django', null, false],
  ['pkg:pypi/Django_REST.framework@3.15', 'pypi//django-rest-framework', '3.15', false],
  ['pkg:github/Kubernetes/Kubernetes', 'github/kubernetes/kubernetes', null, false],
  ['pkg:docker/library/postgres', 'docker/library/postgres', null, false],
  ['pkg:helm/jetstack/cert-manager', 'helm/jetstack/cert-manager', null, false],
  ['pkg:oci/keycloak?repository_url=quay.io/keycloak', 'oci//keycloak', null, true],
  ['pkg:npm/a#sub/path', 'npm//a', null, true],
  ['npm/next', null, null, false],
  ['pkg:', null, null, false],
  ['https://example.org', null, null, false],
] as const

for (const [text, key, version, qualified] of CASES) {
  test(`readPurl('${text}') ${key === null ? 'is no purl' : `is ${key}`}`, () => {
    const read = readPurl(text)
    if (key === null) {
      assert.ok('error' in read, 'an error says why')
      return
    }
    assert.ok('purl' in read, 'error' in read ? read.error : '')
    assert.equal(purlKey(read.purl), key)
    assert.equal(read.purl.version, version)
    assert.equal(read.purl.qualified, qualified)
  })
}

test('purlKeyOf gives what the parser and purlKey give, for plain purls and any other text', () => {
  const part = fc.stringMatching(/^[A-Za-z0-9._~%-]{1,8}$/)
  const purl = fc
    .tuple(
      fc.constantFrom('npm', 'pypi', 'docker', 'github', 'maven', 'generic'),
      fc.option(fc.oneof(part, fc.constant('%40scope')), { nil: undefined }),
      part,
      fc.option(fc.stringMatching(/^[0-9a-z.+-]{1,6}$/), { nil: undefined }),
    )
    .map(
      ([type, namespace, name, version]) =>
        `pkg:${type}/${namespace === undefined ? '' : `${namespace}/`}${name}${version === undefined ? '' : `@${version}`}`,
    )
  fc.assert(
    fc.property(fc.oneof(purl, fc.string()), (text) => {
      const read = readPurl(text)
      assert.equal(purlKeyOf(text), 'purl' in read ? purlKey(read.purl) : null, text)
    }),
    { numRuns: 2000 },
  )
  // The parser trims an escaped newline from a name ('pkg:npm/%0A.' is npm's '.').
  const found = ['pkg:npm/%0A.', 'pkg:npm/%0a', 'pkg:npm/a%20', 'pkg:pypi/%C3%A9']
  for (const text of [...CASES.map(([text]) => text), ...found]) {
    const read = readPurl(text)
    assert.equal(purlKeyOf(text), 'purl' in read ? purlKey(read.purl) : null, text)
  }
})
