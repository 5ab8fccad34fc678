import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { parseVersion } from './parse-version.ts'

// [input, release, pre stage, pre numbers, post, flavor, build]; release etc. as strings for readability
const PARSED: ReadonlyArray<
  [string, string, string | null, string | null, string | null, string | null, string | null]
> = [
  ['3.11.4', '3.11.4', null, null, null, null, null],
  ['8.3', '8.3', null, null, null, null, null],
  ['16', '16', null, null, null, null, null],
  ['v1.30.1', '1.30.1', null, null, null, null, null],
  ['V1.30.1', '1.30.1', null, null, null, null, null],
  ['2024.04.1', '2024.4.1', null, null, null, null, null],
  ['3.13.0rc1', '3.13.0', 'rc', '1', null, null, null],
  ['1.0.0-rc.1', '1.0.0', 'rc', '1', null, null, null],
  ['1.0.0-RC.1', '1.0.0', 'rc', '1', null, null, null],
  ['2.0.0a1', '2.0.0', 'alpha', '1', null, null, null],
  ['2.0.0-alpha', '2.0.0', 'alpha', '', null, null, null],
  ['2.0.0b2', '2.0.0', 'beta', '2', null, null, null],
  ['2.0.0-beta.2.1', '2.0.0', 'beta', '2.1', null, null, null],
  ['2.0.0c1', '2.0.0', 'rc', '1', null, null, null],
  ['2.0.0-pre.3', '2.0.0', 'rc', '3', null, null, null],
  ['2.0.0-preview2', '2.0.0', 'rc', '2', null, null, null],
  ['2.0.dev5', '2.0', 'dev', '5', null, null, null],
  ['1.0.post2', '1.0', null, null, '2', null, null],
  ['1.0.post', '1.0', null, null, '0', null, null],
  ['1.0-rev3', '1.0', null, null, '3', null, null],
  ['1.0-r1', '1.0', null, null, '1', null, null],
  ['1.0-1', '1.0', null, null, '1', null, null],
  ['16.4-alpine', '16.4', null, null, null, 'alpine', null],
  ['10.11.6-MariaDB', '10.11.6', null, null, null, 'MariaDB', null],
  ['21-jre', '21', null, null, null, 'jre', null],
  ['16-bullseye', '16', null, null, null, 'bullseye', null],
  ['3.12-rc1-bookworm', '3.12', 'rc', '1', null, 'bookworm', null],
  ['1.2.3+build.5', '1.2.3', null, null, null, null, 'build.5'],
  ['1.2.3-alpine+sha.1', '1.2.3', null, null, null, 'alpine', 'sha.1'],
  ['007.010', '7.10', null, null, null, null, null],
  ['18446744073709551616.1', '18446744073709551616.1', null, null, null, null, null],
]

test('parseVersion reads every form of the grammar', () => {
  for (const [input, release, stage, preNumbers, post, flavor, build] of PARSED) {
    const version = parseVersion(input)
    assert.ok(version, `${input} parses`)
    assert.equal(version.release.join('.'), release, `${input}: release`)
    assert.equal(version.pre?.stage ?? null, stage, `${input}: stage`)
    assert.equal(
      version.pre ? version.pre.numbers.join('.') : null,
      preNumbers,
      `${input}: pre numbers`,
    )
    assert.equal(version.post === null ? null : String(version.post), post, `${input}: post`)
    assert.equal(version.flavor, flavor, `${input}: flavor`)
    assert.equal(version.build, build, `${input}: build`)
    assert.equal(version.raw, input, `${input}: raw kept`)
  }
})

// Strings outside the grammar: legal request values that can match no range.
const NOT_VERSIONS = [
  '',
  'latest',
  'v',
  '.1',
  '1.',
  '1..2',
  '3.11.x',
  ' 3.11',
  '3.11 ',
  '^1.2',
  '>=1',
  'x1',
  '1.0-',
  '1.0+',
  '1'.repeat(300),
]

test('parseVersion returns null for strings outside the grammar', () => {
  for (const input of NOT_VERSIONS) {
    assert.equal(parseVersion(input), null, JSON.stringify(input))
  }
})

test('release parts beyond 2^53 keep every digit', () => {
  const version = parseVersion('9007199254740993.1')
  assert.equal(version?.release[0], 9007199254740993n)
})

// Bare releases are read without the pattern; whatever the digits and dots, the reading must
// be the grammar's: every part kept as written (beyond 15 digits too), anything else null.
test('a string of digits and dots reads as the grammar says', () => {
  const digitsAndDots = fc
    .array(fc.constantFrom('0', '1', '7', '9', '.'), { maxLength: 40 })
    .map((characters) => characters.join(''))
  fc.assert(
    fc.property(digitsAndDots, (input) => {
      const version = parseVersion(input)
      if (!/^\d+(\.\d+)*$/.test(input)) {
        assert.equal(version, null)
        return
      }
      assert.deepEqual(version, {
        raw: input,
        release: input.split('.').map((part) => BigInt(part)),
        pre: null,
        post: null,
        flavor: null,
        build: null,
      })
    }),
    { numRuns: 2000 },
  )
})
