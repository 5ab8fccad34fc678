import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LifecycleLineResult } from '../lifecycle/lifecycle-result.ts'
import type { PublishedReleases } from './declarations.ts'
import { evaluateReadiness, packagesToAsk, type ReadinessPackage } from './evaluate-readiness.ts'
import type { ReadinessTarget } from './readiness-target.ts'
import { resolveReadinessTarget } from './resolve-readiness-target.ts'

const NODE_22: ReadinessTarget = {
  name: 'node',
  version: '22',
  ecosystem: 'npm',
  kind: 'runtime',
  packageName: null,
  project: 'nodejs',
  judged: '22.0.0',
}

const at = (name: string, version: string, declarations?: ReadinessPackage['declarations']) => ({
  name,
  version,
  location: `/packages/node_modules~1${name}`,
  ...(declarations === undefined ? {} : { declarations }),
})

const line = (
  key: string,
  latest: string | null,
  status: LifecycleLineResult['status'],
): LifecycleLineResult => ({
  line: key,
  released: '2020-01-01',
  activeSupportUntil: null,
  supportUntil: '2030-01-01',
  extendedSupportUntil: null,
  lts: false,
  latest,
  status,
  daysLeft: null,
  sources: [],
})

const PACKAGES: ReadinessPackage[] = [
  at('a', '1.0.0', { engines: { node: '>=18' } }),
  at('b', '2.0.0', { engines: { node: '^20.0.0 || >=24' } }),
  at('b', '2.0.0', { engines: { node: '^20.0.0 || >=24' } }),
  at('c', '1.0.0', {}),
  at('d', '1.0.0', { engines: ['node >= 0.4'] }),
  at('e', '1.0.0', { engines: { node: 'latest' } }),
  at('f', '3.0.0'),
]

const REGISTRY = new Map<string, PublishedReleases>([
  [
    'b',
    {
      releases: [
        { version: '1.0.0', declarations: { engines: { node: '>=16' } }, withdrawn: false },
        {
          version: '2.0.0',
          declarations: { engines: { node: '^20.0.0 || >=24' } },
          withdrawn: false,
        },
        { version: '2.1.0', declarations: { engines: { node: '>=22' } }, withdrawn: true },
        { version: '2.2.0-rc.1', declarations: {}, withdrawn: false },
        { version: '2.3.0', declarations: { engines: { node: '>=18' } }, withdrawn: false },
        { version: '3.0.0', declarations: {}, withdrawn: false },
      ],
    },
  ],
  ['f', { unavailable: 'the registry did not answer for f within 5 s' }],
])

test('each package judged; a blocker once, with its lowest and newest admitting release; silent and faults counted', () => {
  const answer = evaluateReadiness({
    target: NODE_22,
    packages: PACKAGES,
    registry: REGISTRY,
    offline: false,
    date: '2026-12-07',
    lines: [
      line('26', '26.1.0', 'unreleased'),
      line('25', '25.9.0', 'end-of-life'),
      line('24', '24.11.1', 'supported'),
      line('22', null, 'security-only'),
    ],
  })
  assert.equal(answer.verdict, 'blocked')
  assert.deepEqual(
    answer.components.map((item) => [
      item.name,
      item.declared,
      item.source,
      item.admits,
      item.fault ?? '',
    ]),
    [
      ['a', '>=18', 'file', true, ''],
      ['b', '^20.0.0 || >=24', 'file', false, ''],
      ['b', '^20.0.0 || >=24', 'file', false, ''],
      ['c', null, null, null, ''],
      ['d', null, null, null, 'its engines is a list, not an object of ranges'],
      ['e', 'latest', null, null, "'latest' is not an npm version range"],
      ['f', null, null, null, 'the registry did not answer for f within 5 s'],
    ],
  )
  // 2.1.0 is deprecated, 2.2.0-rc.1 a pre-release: the lowest above 2.0.0 is 2.3.0.
  assert.deepEqual(answer.blocking, [
    {
      name: 'b',
      version: '2.0.0',
      declared: '^20.0.0 || >=24',
      lowestAdmitting: '2.3.0',
      newestAdmitting: '3.0.0',
    },
  ])
  assert.equal(answer.silent, 1)
  assert.equal(answer.admittedRange, '>=20.0.0 <21.0.0 || >=24.0.0')
  // 25 is admitted but end of life; 24 is the newest admitted and supported.
  assert.deepEqual(answer.newestAdmitted, {
    line: '24',
    latest: '24.11.1',
    status: 'supported',
    supportUntil: '2030-01-01',
  })
})

test('offline, nothing is proposed to move to, and a package the file says nothing of is unjudged', () => {
  const answer = evaluateReadiness({
    target: NODE_22,
    packages: PACKAGES,
    registry: new Map(),
    offline: true,
    date: '2026-12-07',
    lines: [],
  })
  assert.deepEqual(answer.blocking[0]?.lowestAdmitting, null)
  assert.match(answer.components.at(-1)?.fault ?? '', /not read offline/)
  assert.equal(answer.newestAdmitted, null)
})

test('the registry is asked for what the file says nothing of, and (online) for blockers', () => {
  assert.deepEqual(
    packagesToAsk(NODE_22, PACKAGES).map((item) => item.name),
    ['b', 'b', 'f'],
  )
  assert.deepEqual(
    packagesToAsk(NODE_22, PACKAGES, true).map((item) => item.name),
    ['f'],
  )
})

test('a PyPI package target reads the Requires-Dist entry naming it, not one for an extra', () => {
  const target: ReadinessTarget = {
    name: 'urllib3',
    version: '3.0.0',
    ecosystem: 'pypi',
    kind: 'package',
    packageName: 'urllib3',
    project: null,
    judged: '3.0.0',
  }
  const answer = evaluateReadiness({
    target,
    packages: [
      at('requests', '2.32.5', {
        requiresDist: ['urllib3<3,>=1.21.1', 'PySocks!=1.5.7; extra == "socks"'],
      }),
      at('botocore', '1.35.0', {
        requiresDist: [
          'urllib3 (>=1.25.4) ; python_version >= "3.10"',
          'urllib3[socks]<3; extra == "x"',
        ],
      }),
      at('six', '1.16.0', { requiresDist: ['urllib3'] }),
    ],
    registry: new Map(),
    offline: true,
    date: '2026-12-07',
    lines: [],
  })
  assert.deepEqual(
    answer.components.map((item) => [item.name, item.declared, item.admits]),
    [
      ['requests', '<3,>=1.21.1', false],
      ['botocore', '>=1.25.4', true],
      ['six', null, null],
    ],
  )
  assert.equal(answer.admittedRange, '>=1.25.4, <3')
})

test('a Python lockfile records Requires-Python, not Requires-Dist: a package target asks the registry', () => {
  const target: ReadinessTarget = {
    name: 'click',
    version: '9.0.0',
    ecosystem: 'pypi',
    kind: 'package',
    packageName: 'click',
    project: null,
    judged: '9.0.0',
  }
  const black = at('black', '23.12.1', { requiresPython: '>=3.8' })
  assert.deepEqual(
    packagesToAsk(target, [black]).map((item) => item.name),
    ['black'],
  )
  const answer = evaluateReadiness({
    target,
    packages: [black],
    registry: new Map([
      [
        'black',
        {
          releases: [
            {
              version: '23.12.1',
              declarations: { requiresPython: '>=3.8', requiresDist: ['click>=8.0.0'] },
              withdrawn: false,
            },
          ],
        },
      ],
    ]),
    offline: false,
    date: '2026-12-07',
    lines: [],
  })
  assert.deepEqual(
    [answer.components[0]?.declared, answer.components[0]?.source, answer.components[0]?.admits],
    ['>=8.0.0', 'registry', true],
  )
})

const CHOICES = {
  npm: new Set(['react', 'react-dom', '@types/node']),
  pypi: new Set(['django-rest-framework']),
  projectOf: (ecosystem: string, name: string) =>
    name === 'nodejs' ? 'nodejs' : ecosystem === 'npm' && name === 'react' ? 'react' : null,
}

// [name, version, the target's ecosystem, kind, package name and judged version | the field at fault and what it says]
const TARGETS: readonly (readonly [string, string, string])[] = [
  ['node', '24', 'npm runtime - 24.0.0 nodejs'],
  ['NodeJS', '24.1', 'npm runtime - 24.1.0 nodejs'],
  ['nodejs', 'v22.11.0', 'npm runtime - 22.11.0 nodejs'],
  ['python', '3.13', 'pypi runtime - 3.13 null'],
  ['react', '19.0.0', 'npm package react 19.0.0 react'],
  ['@types/node', '22.10.2', 'npm package @types/node 22.10.2 null'],
  ['Django_REST.Framework', '3.15', 'pypi package django-rest-framework 3.15 null'],
  [
    'raect',
    '19',
    "name: 'raect' is neither a runtime (nodejs, python) nor a package of the file [react]",
  ],
  [
    'constructor',
    '1',
    "name: 'constructor' is neither a runtime (nodejs, python) nor a package of the file []",
  ],
  ['react', 'next', "version: 'next' is not a semver version (such as 24, 24.11 or 24.11.1) []"],
  ['python', 'three', "version: 'three' is not a PEP 440 version (such as 3.13 or 3.13.1) []"],
]

test('resolveReadinessTarget: a runtime by any of its names, a package of the file, or a fault with the nearest names', () => {
  for (const [name, version, expected] of TARGETS) {
    const resolved = resolveReadinessTarget(name, version, CHOICES)
    const shown =
      'target' in resolved
        ? `${resolved.target.ecosystem} ${resolved.target.kind} ${resolved.target.packageName ?? '-'} ${resolved.target.judged} ${resolved.target.project}`
        : `${resolved.error.field}: ${resolved.error.reason} [${resolved.error.nearest.join(', ')}]`
    assert.equal(shown, expected, `${name}=${version}`)
  }
})
