import assert from 'node:assert/strict'
import { test } from 'node:test'
import { matchRange, type RangeMatch } from './match-range.ts'
import { parseRange } from './parse-range.ts'
import { parseVersion } from './parse-version.ts'

// [range, dependency version, expected]
const CASES: ReadonlyArray<[string, string, RangeMatch]> = [
  // a series is every version whose release starts with its parts
  ['3.11', '3.11', 'match'],
  ['3.11', '3.11.0', 'match'],
  ['3.11', '3.11.4', 'match'],
  ['3.11', '3.11.4.post1', 'match'],
  ['3.11', 'v3.11.4', 'match'],
  ['3.11', '3.1', 'miss'],
  ['3.11', '3.110', 'miss'],
  ['3.11', '3.12', 'miss'],
  ['3.11', '3', 'miss'],
  ['3.11.0', '3.11', 'match'],
  ['16', '16.4-alpine', 'match'],
  ['16', '16.4+build.7', 'match'],
  ['2024.04', '2024.4.2', 'match'],
  ['10.11', '10.11.6-MariaDB', 'match'],
  ['21', '21-jre', 'match'],
  // comparator sets: every bound must hold
  ['>=3.9 <3.13', '3.9', 'match'],
  ['>=3.9 <3.13', '3.12.7', 'match'],
  ['>=3.9 <3.13', '3.13', 'miss'],
  ['>=3.9 <3.13', '3.8.18', 'miss'],
  ['>=3.9 <3.13', '1.10', 'miss'],
  ['>=1.9', '1.10', 'match'],
  ['<=2.0', '2.0.0', 'match'],
  ['<=2.0', '2.0.post1', 'miss'],
  ['>2.0', '2.0.0', 'miss'],
  ['=3.12', '3.12.0', 'match'],
  ['=3.12', '3.12.1', 'miss'],
  ['!=3.12.1 >=3.12', '3.12.1', 'miss'],
  ['!=3.12.1 >=3.12', '3.12.2', 'match'],
  ['>=9007199254740992', '9007199254740993', 'match'],
  ['<9007199254740993', '9007199254740993', 'miss'],
  // pre-releases: documentation describes final releases
  ['<3.13', '3.13.0rc1', 'miss'],
  ['<3.13.0', '3.13.0a1', 'miss'],
  ['>=3.9 <3.14', '3.13.0rc1', 'release-only'],
  ['3.13', '3.13.0rc1', 'release-only'],
  ['>=3.14', '3.13.0rc1', 'miss'],
  ['2.1.0-rc.1', '2.1.0-rc.1', 'match'],
  ['2.1.0-rc.1', '2.1.0rc1', 'match'],
  ['2.1.0-rc.1', '2.1.0-rc.2', 'miss'],
  ['2.1.0-rc.1', '2.1.0', 'miss'],
  ['>=1.0.0-rc.1 <2', '1.0.0-rc.2', 'match'],
  ['>=1.0.0-rc.3 <2', '1.0.0-rc.2', 'miss'],
  ['>=1.0.0-rc.1 <2', '1.5.0-rc.1', 'release-only'],
  ['1.0.post1', '1.0.post1', 'match'],
  ['1.0.post1', '1.0.post2', 'miss'],
]

test('matchRange applies series, comparators and the pre-release rule', () => {
  for (const [rangeText, versionText, expected] of CASES) {
    const parsed = parseRange(rangeText)
    assert.ok('range' in parsed, rangeText)
    const version = parseVersion(versionText)
    assert.ok(version, versionText)
    assert.equal(matchRange(parsed.range, version), expected, `${versionText} against ${rangeText}`)
  }
})
