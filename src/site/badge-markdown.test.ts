import assert from 'node:assert/strict'
import { test } from 'node:test'
import { badgeMarkdown, badgePath } from './badge-markdown.ts'

const keycloak = {
  project: 'keycloak',
  version: '26.4',
  dependency: 'postgresql',
  dependencyVersion: '17',
}

// Columns: check, format, path.
const PATHS = [
  [keycloak, 'svg', '/badge/keycloak/26.4/postgresql/17.svg'],
  [keycloak, 'json', '/badge/keycloak/26.4/postgresql/17.json'],
  [
    { ...keycloak, dependencyVersion: '16.4-alpine' },
    'svg',
    '/badge/keycloak/26.4/postgresql/16.4-alpine.svg',
  ],
  [
    { ...keycloak, dependencyVersion: 'a/b c' },
    'svg',
    '/badge/keycloak/26.4/postgresql/a%2Fb%20c.svg',
  ],
] as const

test('badgePath puts each value in one percent-encoded segment', () => {
  for (const [check, format, path] of PATHS) assert.equal(badgePath(check, format), path)
})

test('badgeMarkdown links the badge to the same check on the project page', () => {
  assert.equal(
    badgeMarkdown('https://compat.example', keycloak),
    '[![postgresql 17 with keycloak 26.4](https://compat.example/badge/keycloak/26.4/postgresql/17.svg)](https://compat.example/projects/keycloak?version=26.4&postgresql=17)',
  )
  assert.match(
    badgeMarkdown('https://compat.example', { ...keycloak, dependencyVersion: '1]2[' }),
    /^\[!\[postgresql 1\\\]2\\\[ with keycloak 26\.4\]/,
  )
})
