import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  DIRECT_REASON,
  FIRST_REASON,
  HIGHEST_DIRECT_REASON,
  HIGHEST_REASON,
  keepOneVersion,
  type VersionCandidate,
} from './keep-one-version.ts'

/** `name@version` at its index; `!` marks a direct dependency of the root. */
function candidates(...written: string[]): VersionCandidate[] {
  return written.map((text, index) => {
    const direct = text.startsWith('!')
    const [name, version] = text.replace('!', '').split('@') as [string, string]
    return { key: name, component: { name, version, location: `/${index}` }, direct }
  })
}

// Columns: the rule, the candidates in file order, the components kept, the duplicates.
const CASES: readonly (readonly [string, VersionCandidate[], string[], string[]])[] = [
  [
    'one version a name: nothing to decide',
    candidates('a@1.0.0', 'b@2.0.0'),
    ['a@1.0.0', 'b@2.0.0'],
    [],
  ],
  [
    'the version the root depends on directly wins over a higher nested one',
    candidates('ms@2.1.3', '!ms@2.0.0'),
    ['ms@2.0.0'],
    [`ms kept 2.0.0 (${DIRECT_REASON}) not 2.1.3@/0`],
  ],
  [
    'without a direct one, the highest by the version order (2.10 above 2.9), not the text',
    candidates('a@2.9.0', 'a@2.10.0', 'a@2.9.1'),
    ['a@2.10.0'],
    [`a kept 2.10.0 (${HIGHEST_REASON}) not 2.9.0@/0, 2.9.1@/2`],
  ],
  [
    'a pre-release is below its release',
    candidates('a@1.0.0-rc.1', 'a@1.0.0'),
    ['a@1.0.0'],
    [`a kept 1.0.0 (${HIGHEST_REASON}) not 1.0.0-rc.1@/0`],
  ],
  [
    'two direct versions: the highest of them, not the higher nested one',
    candidates('!a@1.0.0', '!a@1.2.0', 'a@3.0.0'),
    ['a@1.2.0'],
    [`a kept 1.2.0 (${HIGHEST_DIRECT_REASON}) not 1.0.0@/0, 3.0.0@/2`],
  ],
  [
    'copies at one version are one component, not a duplicate',
    candidates('a@1.0.0', 'a@1.0.0'),
    ['a@1.0.0'],
    [],
  ],
  [
    'a version outside the grammar ranks below every version in it',
    candidates('a@latest', 'a@0.1.0'),
    ['a@0.1.0'],
    [`a kept 0.1.0 (${HIGHEST_REASON}) not latest@/0`],
  ],
  [
    'no version can be ordered: the first in the file',
    candidates('a@main', 'a@develop'),
    ['a@main'],
    [`a kept main (${FIRST_REASON}) not develop@/1`],
  ],
  [
    'other versions are listed once, where first found',
    candidates('a@1.0.0', 'a@2.0.0', 'a@1.0.0'),
    ['a@2.0.0'],
    [`a kept 2.0.0 (${HIGHEST_REASON}) not 1.0.0@/0`],
  ],
]

for (const [rule, given, kept, duplicates] of CASES) {
  test(rule, () => {
    const result = keepOneVersion(given)
    assert.deepEqual(
      result.components.map((component) => `${component.name}@${component.version}`),
      kept,
    )
    assert.deepEqual(
      result.duplicates.map(
        (duplicate) =>
          `${duplicate.name} kept ${duplicate.kept} (${duplicate.reason}) not ${duplicate.others
            .map((other) => `${other.version}@${other.location}`)
            .join(', ')}`,
      ),
      duplicates,
    )
  })
}

test('components of two ecosystems with one name are two components', () => {
  const result = keepOneVersion([
    {
      key: 'npm\0redis',
      component: { name: 'redis', version: '4.7.0', location: '/0' },
      direct: false,
    },
    {
      key: 'pypi\0redis',
      component: { name: 'redis', version: '5.0.8', location: '/1' },
      direct: false,
    },
  ])
  assert.equal(result.components.length, 2)
  assert.deepEqual(result.duplicates, [])
})
