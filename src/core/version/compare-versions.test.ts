import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compareVersions } from './compare-versions.ts'
import { parseVersion, type Version } from './parse-version.ts'

function version(text: string): Version {
  const parsed = parseVersion(text)
  assert.ok(parsed, `${text} parses`)
  return parsed
}

// [left, right, expected compareVersions(left, right)]
const ORDERED: ReadonlyArray<[string, string, -1 | 0 | 1]> = [
  ['1.10', '1.9', 1],
  ['3.110', '3.11', 1],
  ['3.9', '3.9.0', 0],
  ['3.9.0.0', '3.9', 0],
  ['2024.04', '2024.4', 0],
  ['v1.30.1', '1.30.1', 0],
  ['V1.30.1', 'v1.30.1', 0],
  ['007', '7', 0],
  ['16.4-alpine', '16.4', 0],
  ['1.2.3+build.1', '1.2.3+build.2', 0],
  ['10.11.6-MariaDB', '10.11.6', 0],
  ['3.13.0rc1', '3.13.0', -1],
  ['3.13.0rc1', '3.13', -1],
  ['3.13.0rc1', '3.12.9', 1],
  ['1.0.dev1', '1.0a1', -1],
  ['1.0a1', '1.0b1', -1],
  ['1.0b1', '1.0rc1', -1],
  ['1.0c1', '1.0rc1', 0],
  ['1.0-pre1', '1.0rc1', 0],
  ['1.0-preview1', '1.0rc1', 0],
  ['1.0alpha1', '1.0a1', 0],
  ['1.0rc10', '1.0rc9', 1],
  ['1.0rc', '1.0rc0', 0],
  ['1.0.0-rc.1', '1.0.0rc1', 0],
  ['1.0', '1.0.post0', -1],
  ['1.0.post1', '1.0-1', 0],
  ['1.0.post2', '1.0.post10', -1],
  ['1.0.post5', '1.0.1', -1],
  ['1.0rc1.post1', '1.0rc2', -1],
  ['18446744073709551616', '18446744073709551615', 1],
  ['9007199254740993', '9007199254740992', 1],
]

test('compareVersions orders by the rules of docs/api.md, "Versions"', () => {
  for (const [left, right, expected] of ORDERED) {
    assert.equal(compareVersions(version(left), version(right)), expected, `${left} vs ${right}`)
    assert.equal(
      compareVersions(version(right), version(left)),
      -expected || 0,
      `${right} vs ${left}`,
    )
  }
})
