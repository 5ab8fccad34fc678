import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { compareVersions } from './compare-versions.ts'
import { matchRange } from './match-range.ts'
import { parseRange } from './parse-range.ts'
import { parseVersion, type Version } from './parse-version.ts'

const part = fc.oneof(fc.nat(20), fc.bigInt({ min: 0n, max: 2n ** 70n }))
const release = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'))
const tag = fc.constantFrom('dev', 'a', 'alpha', 'b', 'beta', 'rc', 'c', 'pre', 'preview')
const preRelease = fc.tuple(tag, fc.nat(12)).map(([name, number]) => `${name}${number}`)
const versionText = fc
  .tuple(
    release,
    fc.option(preRelease, { nil: '' }),
    fc.option(
      fc.nat(5).map((n) => `.post${n}`),
      { nil: '' },
    ),
    fc.option(fc.constantFrom('-alpine', '-jre', '-bookworm'), { nil: '' }),
  )
  .map((parts) => parts.join(''))

function parse(text: string): Version {
  const version = parseVersion(text)
  assert.ok(version, text)
  return version
}

test('the ordering is a total order: antisymmetric and transitive', () => {
  fc.assert(
    fc.property(versionText, versionText, versionText, (a, b, c) => {
      const [x, y, z] = [parse(a), parse(b), parse(c)]
      assert.equal(compareVersions(x, y), -compareVersions(y, x) || 0)
      if (compareVersions(x, y) <= 0 && compareVersions(y, z) <= 0) {
        assert.ok(compareVersions(x, z) <= 0, `${a} <= ${b} <= ${c}`)
      }
    }),
  )
})

test('padding with zeros never changes a version', () => {
  fc.assert(
    fc.property(release, fc.integer({ min: 1, max: 3 }), (text, zeros) => {
      assert.equal(compareVersions(parse(text), parse(text + '.0'.repeat(zeros))), 0)
    }),
  )
})

test('a v prefix and leading zeros never change a version', () => {
  fc.assert(
    fc.property(release, (text) => {
      const padded = text
        .split('.')
        .map((p) => `00${p}`)
        .join('.')
      assert.equal(compareVersions(parse(text), parse(`v${padded}`)), 0)
    }),
  )
})

test('flavor and build never change the ordering', () => {
  fc.assert(
    fc.property(versionText, (text) => {
      const bare = text.replace(/-(alpine|jre|bookworm)$/, '')
      assert.equal(compareVersions(parse(text), parse(`${bare}+build.1`)), 0)
    }),
  )
})

test('a pre-release of V is never inside <V', () => {
  fc.assert(
    fc.property(release, preRelease, (text, pre) => {
      const parsed = parseRange(`<${text}`)
      assert.ok('range' in parsed)
      assert.equal(matchRange(parsed.range, parse(`${text}${pre}`)), 'miss')
    }),
  )
})

test('a series contains each version that extends its release', () => {
  fc.assert(
    fc.property(release, fc.array(part, { maxLength: 3 }), (text, extra) => {
      const parsed = parseRange(text)
      assert.ok('range' in parsed)
      const longer = [text, ...extra].join('.')
      assert.equal(matchRange(parsed.range, parse(longer)), 'match')
    }),
  )
})
