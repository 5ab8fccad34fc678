import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import semver from 'semver'
import { intersectNpmRanges } from './intersect-npm-ranges.ts'
import { intersectPythonSpecifiers } from './intersect-python-specifiers.ts'
import { parsePythonVersion } from './parse-python-version.ts'
import { parsePythonSpecifier, specifierAdmits } from './python-specifier.ts'

// [npm ranges, their intersection written as one range]
const NPM: ReadonlyArray<[string[], string | null]> = [
  [['>=18'], '>=18.0.0'],
  [['>=18', '^20.9.0 || >=22'], '>=20.9.0 <21.0.0 || >=22.0.0'],
  [['^18.0.0 || ^20.0.0', '>=18.17'], '>=18.17.0 <19.0.0 || >=20.0.0 <21.0.0'],
  [['^16.8.0 || ^17.0.0 || ^18.0.0'], '>=16.8.0 <19.0.0'],
  [['*', '>=14'], '>=14.0.0'],
  [['1.2.3', '>=1'], '1.2.3'],
  [['>=20', '<18'], '<0.0.0-0'],
  [['>=18 <20', '<=19.5.0'], '>=18.0.0 <=19.5.0'],
  [['>=18', 'workspace:*'], null],
]

test('intersectNpmRanges writes what every range admits as one npm range', () => {
  for (const [ranges, expected] of NPM) {
    assert.equal(intersectNpmRanges(ranges), expected, ranges.join(' ∩ '))
  }
})

const npmRange = fc.oneof(
  fc
    .constantFrom('>=', '>', '<', '<=', '^', '~', '')
    .chain((operator) =>
      fc
        .tuple(fc.nat(6), fc.nat(4), fc.nat(4))
        .map(([major, minor, patch]) => `${operator}${major}.${minor}.${patch}`),
    ),
  fc.constant('*'),
)
const npmRanges = fc.array(
  fc.array(npmRange, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')),
  { minLength: 1, maxLength: 3 },
)

test('every final version the intersection admits, each range admits, and the other way round', () => {
  fc.assert(
    fc.property(
      fc.array(
        npmRanges.map((sets) => sets.join(' || ')),
        { minLength: 1, maxLength: 4 },
      ),
      fc.tuple(fc.nat(7), fc.nat(5), fc.nat(5)),
      (ranges, [major, minor, patch]) => {
        const version = `${major}.${minor}.${patch}`
        const intersection = intersectNpmRanges(ranges) as string
        assert.equal(
          semver.satisfies(version, intersection),
          ranges.every((range) => semver.satisfies(version, range)),
          `${version} in ${ranges.join(' ∩ ')} = ${intersection}`,
        )
      },
    ),
  )
})

// [PEP 440 specifiers, their intersection written as one]
const PYTHON: ReadonlyArray<[string[], string | null]> = [
  [['>=3.8'], '>=3.8'],
  [['>=3.8, !=3.0.*', '>=3.9, <4'], '>=3.9, <4'],
  [['>=2.7, !=3.0.*, !=3.1.*, !=3.2.*', '>=3.1'], '>=3.1, !=3.1.*, !=3.2.*'],
  [['<3.13', '<=3.12', '!=3.13.*'], '<=3.12'],
  [['<3.13', '<3.13', '~=3.10'], '<3.13, ~=3.10'],
  [['>=3.9', '>3.9'], '>3.9'],
  [['*', ''], ''],
  [['>=3.9', '^3.9'], null],
]

test('intersectPythonSpecifiers keeps the tightest bounds and the exclusions inside them', () => {
  for (const [specifiers, expected] of PYTHON) {
    assert.equal(intersectPythonSpecifiers(specifiers), expected, specifiers.join(' ∩ '))
  }
})

const pythonClause = fc
  .tuple(
    fc.constantFrom('>=', '>', '<', '<=', '==', '!=', '~='),
    fc.tuple(fc.integer({ min: 2, max: 4 }), fc.nat(14)),
    fc.boolean(),
  )
  .map(([operator, [major, minor], wildcard]) =>
    wildcard && (operator === '==' || operator === '!=')
      ? `${operator}${major}.${minor}.*`
      : `${operator}${major}.${minor}`,
  )

test('a Python version is in the intersection exactly when it is in every specifier set', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.array(pythonClause, { minLength: 1, maxLength: 3 }).map((c) => c.join(', ')),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      fc.tuple(fc.integer({ min: 2, max: 4 }), fc.nat(15), fc.nat(3)),
      (specifiers, [major, minor, micro]) => {
        const text = `${major}.${minor}.${micro}`
        const version = parsePythonVersion(text)
        assert.ok(version !== null)
        const admits = (specifier: string) => {
          const parsed = parsePythonSpecifier(specifier)
          assert.ok(!('error' in parsed), specifier)
          return specifierAdmits(parsed.clauses, version, text)
        }
        const intersection = intersectPythonSpecifiers(specifiers) as string
        assert.equal(
          admits(intersection),
          specifiers.every(admits),
          `${text} in ${specifiers.join(' ∩ ')} = ${intersection}`,
        )
      },
    ),
  )
})
