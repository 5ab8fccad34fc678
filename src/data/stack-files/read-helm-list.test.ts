import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import fc from 'fast-check'
import { formatStackFile } from './format-stack-file.ts'
import { readHelmList, splitChart } from './read-helm-list.ts'

const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8'),
  )

// Columns: helm list's chart column, the chart's name and version (null: no split).
const SPLITS: readonly (readonly [string, string | null])[] = [
  ['cert-manager-v1.15.3', 'cert-manager v1.15.3'],
  ['ingress-nginx-4.11.2', 'ingress-nginx 4.11.2'],
  ['kube-prometheus-stack-65.1.0', 'kube-prometheus-stack 65.1.0'],
  ['shop-web-0.1.0-rc.1', 'shop-web 0.1.0-rc.1'],
  ['my-chart-1.2.3-1.0.0', 'my-chart 1.2.3-1.0.0'],
  ['app-2-3.0.0', 'app-2 3.0.0'],
  ['redis-20.1.3+build.7', 'redis 20.1.3+build.7'],
  ['postgres-16', null],
  ['-1.0.0', null],
  ['no-version', null],
]

for (const [chart, split] of SPLITS) {
  test(`the chart column ${chart} splits as ${split}`, () => {
    const found = splitChart(chart)
    assert.equal(found === null ? null : `${found.name} ${found.version}`, split)
  })
}

/** SemVer's regular expression tried after every dash: the splitting this one replaced. */
function byExpression(chart: string): { name: string; version: string } | null {
  const version =
    /^v?(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/
  for (let dash = chart.indexOf('-'); dash !== -1; dash = chart.indexOf('-', dash + 1)) {
    const rest = chart.slice(dash + 1)
    if (dash > 0 && version.test(rest)) return { name: chart.slice(0, dash), version: rest }
  }
  return null
}

const CHART_PIECES = ['-', '.', '0', '1', '12', 'v', '+', 'a', 'rc', '_', '-1.2.3', '.0']

test('the one-pass split splits every chart column as SemVer’s expression does', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...CHART_PIECES), { maxLength: 24 }), (pieces) => {
      const chart = pieces.join('')
      assert.deepEqual(splitChart(chart), byExpression(chart))
    }),
    { numRuns: 5000 },
  )
})

// Columns: a hostile chart column, as a function of its length n (96,000 characters of the
// first once took seconds).
const HOSTILE_CHARTS: readonly (readonly [string, (n: number) => string])[] = [
  ['versions after every dash, then a bad end', (n) => `a${'-1.1.1'.repeat(n / 6)}!`],
  ['versions and dashes', (n) => `a${'-1.1.1-'.repeat(n / 7)}!`],
  ['dashes only', (n) => `a${'-'.repeat(n)}`],
  ['a long pre-release', (n) => `a-1.2.3-${'x.'.repeat(n / 2)}`],
  ['dots and digits', (n) => `a-${'1.'.repeat(n / 2)}`],
]

test('splitting takes steps linear in the chart column, whatever it holds', () => {
  for (const [shape, make] of HOSTILE_CHARTS) {
    for (const n of [1_000, 10_000, 100_000, 1_000_000]) {
      const chart = make(n)
      const counter = { steps: 0 }
      splitChart(chart, counter)
      assert.ok(
        counter.steps <= 3 * chart.length + 10,
        `${shape}, ${chart.length} characters: ${counter.steps} steps`,
      )
    }
  }
})

// Columns: the fixture (how each was made: test/fixtures/stack-files/README.md), its stack.
const FIXTURES: readonly (readonly [string, string[]])[] = [
  ['helm-list/helm-list.json', ['cert-manager v1.15.3 app v1.15.3 at /0']],
  [
    // helm list -A: two ingress-nginx releases in two namespaces; a chart without appVersion.
    'helm-list/helm-list-all-namespaces.json',
    [
      'cert-manager v1.15.3 app v1.15.3 at /0',
      'ingress-nginx 4.11.2 app 1.11.2 at /1',
      'kube-prometheus-stack 65.1.0 app v0.77.1 at /2',
      'shop-web 0.1.0-rc.1 at /4',
      'duplicate ingress-nginx: kept 4.11.2 (the highest version), not 4.10.1 at /3',
    ],
  ],
]

for (const [path, lines] of FIXTURES) {
  test(`${path} reads as its stack`, () => {
    assert.deepEqual(formatStackFile(readHelmList(fixture(path))), lines)
  })
}

// Columns: the rule, the document, what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  ['no releases: an empty stack', [], []],
  [
    'a release without a chart or name, or no release at all, is refused where it is',
    [{ name: 'a', app_version: '1.0' }, { chart: 'b-1.0.0' }, 'c'],
    [
      'error /0/chart: is missing',
      'error /1/name: is missing',
      'error /2: must be a release object, found "c"',
    ],
  ],
  [
    'a chart column without a version is left out, named',
    [{ name: 'db', chart: 'postgres-16', app_version: '16.4' }],
    [
      'left out postgres-16: release db: its chart "postgres-16" has no dash followed by a version at /0/chart',
    ],
  ],
  [
    'a release that no longer runs is left out',
    [{ name: 'old', chart: 'redis-19.0.0', app_version: '7.2.4', status: 'uninstalled' }],
    ['left out redis: release old is uninstalled: not running at /0'],
  ],
]

for (const [rule, document, lines] of CASES) {
  test(rule, () => assert.deepEqual(formatStackFile(readHelmList(document)), lines))
}
