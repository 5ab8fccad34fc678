import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { findVersion } from '../check/find-version.ts'
import { buildDataset, type CompiledProject } from '../dataset/build-dataset.ts'
import type { ProjectDocument } from '../dataset/schema.ts'
import { allowedVersions, keyVerdicts, renovateRules } from './renovate-rules.ts'

const fixtures = fixtureDataset()

/** The regular expression Renovate reads, as JavaScript reads it (RE2 reads this subset alike). */
function regexOf(allowed: string): RegExp {
  assert.match(allowed, /^\/.*\/$/)
  const body = allowed.slice(1, -1)
  assert.doesNotMatch(body, /\(\?[=!<]|\\[1-9]/, 'no lookaround, no backreference (RE2)')
  return new RegExp(body)
}

// Keys of one random project: lines, releases inside them, since keys inside lines.
const KEY_POOL = ['1', '1.2', '1.2.3', '1.2.5', '1.3', '2', '2.0', '2.0.1', '2.1', '10', '10.4']
const SINCE_POOL = ['1.2.3', '1.2.7', '1.3.1', '2.0.1', '2.1.10', '10.4.2']

const project = fc
  .tuple(
    fc.subarray(KEY_POOL, { minLength: 1 }),
    fc.subarray(SINCE_POOL),
    fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
  )
  .map(([plain, since, admittedBits]) => {
    const versions: ProjectDocument['versions'] = {}
    for (const key of plain) versions[key] = { dependencies: {} }
    for (const key of since) versions[key] = { since: true, dependencies: {} }
    const dataset = buildDataset([
      { id: 'p', name: 'P', categories: [], website: 'https://example.org', versions },
    ])
    const compiled = dataset.projects.get('p') as CompiledProject
    const keys = compiled.versions.map((version) => version.key)
    const admitted = new Set(keys.filter((_, at) => admittedBits[at % admittedBits.length]))
    return { dataset, compiled, admitted }
  })

const RELEASES = [
  '1',
  '1.0',
  '1.2',
  '1.2.0',
  '1.2.3',
  '1.2.4',
  '1.2.7',
  '1.2.10',
  '1.3',
  '1.3.1',
  '1.3.2',
  '1.20',
  '2',
  '2.0',
  '2.0.1',
  '2.0.5',
  '2.1',
  '2.1.9',
  '2.1.10',
  '2.1.11',
  '3',
  '10',
  '10.4',
  '10.4.1',
  '10.4.2',
  '10.4.3',
  '100',
]

test('allowedVersions admits exactly the releases whose answering key is admitted, in every spelling', () => {
  fc.assert(
    fc.property(project, ({ dataset, compiled, admitted }) => {
      const pattern = regexOf(allowedVersions(compiled, (key) => admitted.has(key)))
      for (const release of RELEASES) {
        const found = findVersion(dataset, compiled, release, 'line')
        const expected = found !== null && admitted.has(found.version.key)
        for (const spelled of [release, `v${release}`, `${release}-alpine`, `${release}+build.5`]) {
          assert.equal(
            pattern.test(spelled),
            expected,
            `${spelled} (answered by ${found?.version.key}) by ${pattern}`,
          )
        }
      }
      assert.equal(pattern.test('1.2.3-rc.1'), pattern.test('1.2.3'), 'a -suffix is a flavor here')
      assert.equal(pattern.test('x1.2'), false)
    }),
    { numRuns: 300 },
  )
})

test('allowedVersions with nothing admitted matches no version', () => {
  const compiled = fixtures.projects.get('db-operator') as CompiledProject
  const pattern = regexOf(allowedVersions(compiled, () => false))
  for (const version of ['1.27', '1.28.1', '', 'v1']) assert.equal(pattern.test(version), false)
})

test('allowedVersions writes a line as one alternative when all its keys are admitted', () => {
  const compiled = fixtures.projects.get('db-operator') as CompiledProject
  const keys = compiled.versions.map((version) => version.key)
  assert.ok(keys.includes('1.27') && keys.includes('1.27.1'), 'the line has keys inside it')
  const allowed = allowedVersions(compiled, (key) => key.startsWith('1.27'))
  assert.equal(allowed, '/^v?(?:1\\.27(?:\\.\\d+)*)(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$/')
})

test('keyVerdicts: each final key of a component judged with the rest of the stack as it is', () => {
  const stack = [
    { name: 'platform', version: '1.34.1' },
    { name: 'dbo', version: '1.26' },
    { name: 'pgdb', version: '18.1' },
  ]
  assert.deepEqual(keyVerdicts(fixtures, stack, 1, false), [
    ['1.26', 'incompatible'],
    ['1.27', 'incompatible'],
    ['1.27.1', 'incompatible'],
    ['1.27.3', 'compatible'],
    ['1.27.4', 'incompatible'],
    ['1.28', 'compatible'],
  ])
  assert.equal(keyVerdicts(fixtures, [{ name: 'redis', version: '7' }], 0, false), null)
})

test('renovateRules: a rule per component with packages; none where compat has no evidence', () => {
  const rules = renovateRules(
    fixtures,
    [
      { name: 'platform', version: '1.34.1', packages: [] },
      { name: 'dbo', version: '1.26', packages: ['example/db-operator'] },
      { name: 'pgdb', version: '18.1', packages: ['example/pgdb'] },
      { name: 'webapp', version: '2.0', packages: ['example/webapp'] },
      { name: 'redis', version: '7', packages: ['redis'] },
    ],
    false,
  )
  assert.deepEqual(
    rules.packageRules.map((rule) => rule.matchPackageNames),
    [['example/db-operator'], ['example/pgdb'], ['example/webapp']],
  )
  // Web App 2.0 documents redis without a range: unknown, admitted only when asked for.
  assert.equal(regexOf(rules.packageRules[2]?.allowedVersions ?? '').test('2.0.1'), false)
  assert.match(rules.packageRules[2]?.description ?? '', /no documented webapp version fits/)
  const dbo = regexOf(rules.packageRules[0]?.allowedVersions ?? '')
  // 1.27.3 and later 1.27 releases fit Platform 1.34 (the since key); 1.27.0–1.27.2 do not.
  for (const [version, allowed] of [
    ['1.27.2', false],
    ['1.27.3', true],
    ['v1.27.9', true],
    ['1.27.4', false],
    ['1.28.5', true],
    ['1.26.1', false],
  ] as const) {
    assert.equal(dbo.test(version), allowed, version)
  }
  assert.match(
    rules.packageRules[0]?.description ?? '',
    /fit platform 1\.34\.1, pgdb 18\.1.*: 1\.27\.3, 1\.28\./,
  )
  assert.deepEqual(
    rules.skipped.map((line) => line.split(':')[0]),
    ['redis'],
  )
  const allowing = renovateRules(
    fixtures,
    [
      { name: 'webapp', version: '2.0', packages: ['example/webapp'] },
      { name: 'redis', version: '7', packages: [] },
    ],
    true,
  )
  assert.equal(regexOf(allowing.packageRules[0]?.allowedVersions ?? '').test('2.0.1'), true)
})
