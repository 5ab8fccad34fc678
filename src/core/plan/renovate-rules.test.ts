import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { findVersion } from '../check/find-version.ts'
import { buildDataset, type CompiledProject } from '../dataset/build-dataset.ts'
import type { ProjectDocument, Upgrades } from '../dataset/schema.ts'
import { allowedVersions, keyVerdicts, renovateRules, withinOneHop } from './renovate-rules.ts'

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

// ---------------------------------------------------------------------------------------------
// Upgrade rules: an update bot is admitted the next hop only (docs/cli.md, "compat renovate")

const upgrades = (fields: Partial<Upgrades>): Upgrades => ({
  confidence: 'high',
  lastVerified: '2026-11-28',
  sources: [],
  ...fields,
})
const MINOR = upgrades({ step: 'minor' })
const MAJOR = upgrades({ step: 'major' })
const STOPS = upgrades({ stops: ['1.32'] })

// [rule (undefined: none), the component's version, a key, within one hop?]
const HOPS = [
  [MINOR, '1.31', '1.32', true],
  [MINOR, '1.31.4', '1.32', true],
  [MINOR, '1.31', '1.33', false],
  [MINOR, '1.31', '1.31.5', true],
  [MINOR, '1.31.4', '1.30', true],
  [MINOR, '1.31', '1.31', true],
  [MINOR, 'v1.31.4-eks-a0f0ba7', '1.32', true],
  [MINOR, 'v1.31.4-eks-a0f0ba7', '1.33', false],
  [MAJOR, '1.31', '2.0', true],
  [MAJOR, '1.31', '3.0', false],
  [STOPS, '1.30', '1.32', true],
  [STOPS, '1.30', '1.33', false],
  [STOPS, '1.32.1', '1.34', true],
  [undefined, '1.0', '9.9', true],
] as const

for (const [rule, version, key, within] of HOPS) {
  test(`withinOneHop: ${rule === undefined ? 'no rule' : JSON.stringify({ step: rule.step, stops: rule.stops })}, ${version} → ${key}: ${within}`, () =>
    assert.equal(withinOneHop(rule, version, key), within))
}

/** A platform with an upgrade rule, and an operator that documents every line of it. */
function hopDataset(rule: Upgrades | undefined, keys: readonly string[]) {
  const platform: ProjectDocument = {
    id: 'k8s',
    name: 'K8s',
    categories: [],
    website: 'https://example.org/k8s',
    versions: Object.fromEntries(keys.map((key) => [key, { dependencies: {} }])),
    ...(rule === undefined ? {} : { upgrades: rule }),
  }
  const operator: ProjectDocument = {
    id: 'op',
    name: 'Op',
    categories: [],
    website: 'https://example.org/op',
    versions: {
      '1.0': {
        dependencies: {
          k8s: {
            ranges: ['>=1.30 <1.34', '>=2 <4'],
            relationship: 'platform',
            confidence: 'high',
            lastVerified: '2026-11-28',
            notes: [],
            sources: [],
          },
        },
      },
    },
  }
  return buildDataset([platform, operator])
}

const LINES = ['1.30', '1.31', '1.32', '1.33', '1.34']

// [rule, keys, the platform's version, the keys the rule admits, releases: admitted?]
const RULES = [
  [
    MINOR,
    LINES,
    '1.31',
    ['1.30', '1.31', '1.32'],
    { '1.32.7': true, '1.33.0': false, 'v1.31.9': true },
  ],
  [MINOR, LINES, '1.31.4', ['1.30', '1.31', '1.32'], { '1.32.0': true, '1.33.1': false }],
  // 1.34 fits no operator: the evidence rules it out whatever the rule says.
  [MINOR, LINES, '1.33', ['1.30', '1.31', '1.32', '1.33'], { '1.34': false }],
  [undefined, LINES, '1.31', ['1.30', '1.31', '1.32', '1.33'], { '1.33.2': true }],
  [STOPS, LINES, '1.30', ['1.30', '1.31', '1.32'], { '1.32.3': true, '1.33.0': false }],
  [
    MAJOR,
    ['1.31', '2.0', '2.1', '3.0'],
    '1.31',
    ['1.31', '2.0', '2.1'],
    { '2.1.4': true, '3.0.0': false },
  ],
] as const

for (const [rule, keys, version, admitted, releases] of RULES) {
  test(`renovateRules: ${rule?.step ?? (rule === undefined ? 'no rule' : 'stops')}, k8s at ${version}, admits ${admitted.join(', ')}`, () => {
    const rules = renovateRules(
      hopDataset(rule, keys),
      [
        { name: 'k8s', version, packages: ['example/k8s'] },
        { name: 'op', version: '1.0', packages: [] },
      ],
      false,
    )
    const [only] = rules.packageRules
    assert.ok(only !== undefined, JSON.stringify(rules))
    assert.match(only.description, new RegExp(`: ${admitted.join(', ').replaceAll('.', '\\.')}\\.`))
    const pattern = regexOf(only.allowedVersions)
    for (const key of keys)
      assert.equal(pattern.test(key), (admitted as readonly string[]).includes(key), key)
    for (const [release, allowed] of Object.entries(releases)) {
      assert.equal(pattern.test(release), allowed, release)
    }
  })
}

test('renovateRules: what fits further than one hop is named in the description, not admitted', () => {
  const rules = renovateRules(
    hopDataset(MINOR, LINES),
    [
      { name: 'k8s', version: '1.31', packages: ['example/k8s'] },
      { name: 'op', version: '1.0', packages: [] },
    ],
    false,
  )
  assert.equal(
    rules.packageRules[0]?.description,
    'compat: the documented k8s versions that fit op 1.0 and are at most one hop from 1.31 (one minor line at a time, as its upgrade rule says): 1.30, 1.31, 1.32. These fit too, for a later hop: 1.33.',
  )
  // Where nothing within one hop fits, nothing is admitted, and the description says what would.
  const stuck = renovateRules(
    hopDataset(MINOR, ['1.28', '1.29', '1.31']),
    [
      { name: 'k8s', version: '1.28', packages: ['example/k8s'] },
      { name: 'op', version: '1.0', packages: [] },
    ],
    false,
  )
  assert.equal(
    stuck.packageRules[0]?.description,
    'compat: no documented k8s version at most one hop from 1.28 (one minor line at a time, as its upgrade rule says) fits op 1.0; no update is allowed. Further than one hop, these fit: 1.31 (compat plan --path shows the steps).',
  )
  assert.equal(regexOf(stuck.packageRules[0]?.allowedVersions ?? '').test('1.31.0'), false)
})
