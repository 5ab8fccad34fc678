import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { buildDataset, type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { DependencyEntry, ProjectDocument } from '../dataset/schema.ts'
import { evaluateStack } from '../stack/evaluate-stack.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { evaluatePlan, type PlanRequest, type UnknownPolicy } from './evaluate-plan.ts'

// The day a plan's support is judged on when supportedOn is not asked.
const DAY = '2026-11-28'

const fixtures = fixtureDataset()

interface Case {
  readonly name: string
  readonly request: PlanRequest
  readonly feasible: boolean | null
  /** Each move as "component from→to". */
  readonly changes: string[]
  /** A part of the reason (or of the first change's reason). */
  readonly says: string
}

const request = (
  components: [string, string][],
  target: [string, string][],
  unknown: UnknownPolicy = 'block',
): PlanRequest => ({ components, target, unknown })

const CASES: readonly Case[] = [
  {
    name: 'nothing moves when the target already fits',
    request: request(
      [
        ['platform', '1.33.2'],
        ['dbo', '1.28.1'],
      ],
      [['platform', '1.34']],
    ),
    feasible: true,
    changes: [],
    says: 'platform 1.34 holds with nothing else moved.',
  },
  {
    name: 'the operator moves to the lowest key that documents the new platform, a since key counted',
    request: request(
      [
        ['platform', '1.33.2'],
        ['dbo', 'v1.27.1'],
      ],
      [['platform', '1.34']],
    ),
    feasible: true,
    changes: ['dbo v1.27.1→1.27.3'],
    says: 'At v1.27.1, dbo documents platform (as plat) 1.31, 1.32, 1.33, not 1.34',
  },
  {
    name: 'never down: an operator newer than every fitting key cannot move back',
    request: request(
      [
        ['platform', '1.30'],
        ['dbo', '1.28'],
      ],
      [['platform', '1.30']],
    ),
    feasible: false,
    changes: [],
    says: 'No plan makes platform 1.30 hold',
  },
  {
    name: 'a target version no key covers is infeasible under block',
    request: request([['dbo', '1.28']], [['platform', '9.9']]),
    feasible: false,
    changes: [],
    says: 'platform 9.9 is covered by nothing documented',
  },
  {
    name: 'the same target is feasible under allow',
    request: request([['dbo', '1.28']], [['platform', '9.9']], 'allow'),
    feasible: false,
    changes: [],
    says: 'No plan makes platform 9.9 hold',
  },
  {
    name: 'a target naming nothing catalogued pairs with what documents it',
    request: request([['webapp', '1.9']], [['python', '3.12']]),
    feasible: true,
    changes: ['webapp 1.9→1.10'],
    says: 'At 1.9, webapp documents python >=3.8 <3.12, not 3.12',
  },
  {
    name: 'same-version: the moved component takes the key whose series holds the target',
    request: request(
      [
        ['dashboard', '8.15.0'],
        ['engine', '8.15.0'],
      ],
      [['engine', '8.15.1']],
    ),
    feasible: true,
    changes: ['dashboard 8.15.0→8.15.1'],
    says: 'At 8.15.0, dashboard documents engine same-version, not 8.15.1',
  },
  {
    name: 'same-version: a key whose series holds the target version fits it (16 holds 16.2)',
    request: request(
      [
        ['dashboard', '8.15.1'],
        ['engine', '8.15.1'],
      ],
      [['engine', '16.2']],
    ),
    feasible: true,
    changes: ['dashboard 8.15.1→16'],
    says: '16 is the lowest documented version above 8.15.1',
  },
  {
    name: 'two components move, each to its lowest fitting key',
    request: request(
      [
        ['pgdb', '17.2'],
        ['dbo', '1.26.4'],
        ['platform', '1.33'],
      ],
      [['pgdb', '18']],
    ),
    feasible: true,
    changes: ['dbo 1.26.4→1.27.1'],
    says: 'At 1.26.4, dbo documents pgdb >=13 <18, not 18',
  },
]

for (const row of CASES) {
  test(`plan: ${row.name}`, () => {
    const plan = evaluatePlan(fixtures, row.request, DAY)
    assert.equal(plan.feasible, row.feasible, plan.reason)
    assert.deepEqual(
      plan.changes.map((change) => `${change.component} ${change.from}→${change.to}`),
      row.changes,
    )
    const text = [plan.reason, ...plan.changes.map((change) => change.reason)].join(' | ')
    assert.ok(text.includes(row.says), text)
    if (plan.feasible === true) {
      assert.ok(plan.pairs.every((pair) => pair.compatible !== 'incompatible'))
      assert.equal(plan.blocking, undefined)
    }
    if (plan.feasible === false) assert.ok(Array.isArray(plan.blocking))
  })
}

test('plan: the result is the stack after the plan, the target as sent, moved ones at their keys', () => {
  const plan = evaluatePlan(
    fixtures,
    request(
      [
        ['platform', '1.33.2'],
        ['dbo', 'v1.27.1'],
        ['redis', '7'],
      ],
      [['platform', '1.34']],
    ),
    DAY,
  )
  assert.deepEqual(Object.entries(plan.result), [
    ['platform', '1.34'],
    ['dbo', '1.27.3'],
    ['redis', '7'],
  ])
  assert.deepEqual(Object.entries(plan.target), [['platform', '1.34']])
  assert.equal(plan.unknown, 'block')
  assert.match(plan.reason, /Not catalogued as projects, so they stay as they are: "redis"/)
})

test('plan: a target names the component of its project whatever name each uses', () => {
  const plan = evaluatePlan(
    fixtures,
    request(
      [
        ['plat', '1.33.2'],
        ['dbo', 'v1.27.1'],
      ],
      [['platform', '1.34']],
    ),
    DAY,
  )
  // One Platform, at the target's version, under the name the stack gave it.
  assert.deepEqual(Object.entries(plan.result), [
    ['plat', '1.34'],
    ['dbo', '1.27.3'],
  ])
  assert.deepEqual(Object.entries(plan.target), [['platform', '1.34']])
  assert.ok(plan.pairs.every((pair) => pair.dependency !== 'platform'))
})

test('plan: past its budget the answer is feasible null with a reason, not a hang', () => {
  const plan = evaluatePlan(
    fixtures,
    request(
      [
        ['platform', '1.33.2'],
        ['dbo', 'v1.27.1'],
      ],
      [['platform', '1.34']],
    ),
    DAY,
    3,
  )
  assert.equal(plan.feasible, null)
  assert.match(plan.reason, /The search stopped after \d+ steps/)
  assert.deepEqual(plan.changes, [])
})

// Random small catalogues: projects p0..p3 whose keys document each other with ranges drawn
// from a few, and stacks of them; the plan must be what trying every assignment finds.
const KEYS = ['1', '1.1', '2', '2.1', '3']
const RANGES: readonly (readonly string[])[] = [
  ['1'],
  ['2'],
  ['>=1.1 <3'],
  ['>=2'],
  ['1.1', '3'],
  [],
]
const VERSIONS = ['0.9', '1', '1.1.2', '2', '2.1.4', '3', '4']

const catalogue = fc
  .array(
    fc.record({
      keys: fc.subarray(KEYS, { minLength: 1 }),
      documents: fc.array(
        fc.record({
          other: fc.integer({ min: 0, max: 3 }),
          range: fc.integer({ min: 0, max: RANGES.length - 1 }),
          tested: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
    }),
    { minLength: 2, maxLength: 4 },
  )
  .map((projects) =>
    buildDataset(
      projects.map((project, index): ProjectDocument => {
        const versions: ProjectDocument['versions'] = {}
        project.keys.forEach((key, at) => {
          const dependencies: Record<string, DependencyEntry> = {}
          project.documents.forEach((documented, which) => {
            // Each key documents a different mix of the same dependencies.
            if (documented.other === index || (which + at) % 2 === 1) return
            const ranges = [...(RANGES[(documented.range + at) % RANGES.length] as string[])]
            dependencies[`p${documented.other}`] = {
              ranges,
              ...(documented.tested && ranges.length > 0 ? { basis: 'tested' as const } : {}),
              relationship: 'runtime',
              confidence: 'low',
              lastVerified: null,
              notes: [],
              sources: [],
            }
          })
          versions[key] = { dependencies }
        })
        return {
          id: `p${index}`,
          name: `P${index}`,
          categories: [],
          website: 'https://example.org',
          versions,
        }
      }),
    ),
  )

/**
 * Every assignment tried: the fewest moves, then, in request order, staying and then the
 * lowest keys (or, preferring the newest, staying and then the newest keys).
 */
function bruteForce(dataset: Dataset, plan: PlanRequest): Record<string, string> | null {
  const targets = new Map(plan.target)
  const names = [
    ...plan.components.map(([name, version]) => [name, targets.get(name) ?? version] as const),
    ...plan.target.filter(([name]) => !plan.components.some(([other]) => other === name)),
  ]
  const domains = names.map(([name, version]) => {
    const project = findProject(dataset, name)
    const current = parseVersion(version)
    if (targets.has(name) || project === undefined || current === null) return [version]
    const keys = project.versions
      .filter((key) => key.version.pre === null && compareVersions(key.version, current) > 0)
      .reverse()
      .map((key) => key.key)
    return [version, ...keys]
  })
  let best: { moves: number; choice: number[] } | null = null
  const choice: number[] = []
  const visit = (at: number): void => {
    if (at === names.length) {
      const moves = choice.filter((option) => option > 0).length
      if (best !== null && moves > best.moves) return
      const components = names.map(
        ([name], index) =>
          [name, (domains[index] as string[])[choice[index] as number] as string] as [
            string,
            string,
          ],
      )
      const stack = evaluateStack(dataset, { components })
      const resolvedAll = Object.values(stack.resolved).every(
        (resolved) => resolved === null || resolved.key !== null,
      )
      const acceptable =
        stack.pairs.every((pair) => pair.compatible !== 'incompatible') &&
        (plan.unknown === 'allow' ||
          (resolvedAll && stack.pairs.every((pair) => pair.compatible !== 'unknown')))
      if (!acceptable) return
      // Assignments come in request order, as preferred: the first with fewer moves is the
      // preferred of them.
      const better = best === null || moves < best.moves
      if (better) best = { moves, choice: [...choice] }
      return
    }
    const count = (domains[at] as string[]).length
    const order = Array.from({ length: count }, (_, option) => option)
    for (const option of plan.prefer === 'newest' ? [0, ...order.slice(1).reverse()] : order) {
      choice[at] = option
      visit(at + 1)
    }
  }
  visit(0)
  if (best === null) return null
  const found = best as { moves: number; choice: number[] }
  return Object.fromEntries(
    names.map(([name], index) => [
      name,
      (domains[index] as string[])[found.choice[index] as number] as string,
    ]),
  )
}

test('plan: on random small catalogues, the same plan as trying every assignment (lowest or newest keys), never an incompatible pair', () => {
  fc.assert(
    fc.property(
      catalogue,
      fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom(...VERSIONS)), {
        minLength: 1,
        maxLength: 4,
        selector: ([project]) => project,
      }),
      fc.constantFrom(...VERSIONS),
      fc.constantFrom<UnknownPolicy>('block', 'allow'),
      fc.constantFrom<PlanRequest['prefer']>(undefined, 'lowest', 'newest'),
      (dataset, stack, targetVersion, unknown, prefer) => {
        // p4 is never catalogued: a name that stays as it is.
        const components = stack.map(
          ([project, version]) => [`p${project}`, version] as [string, string],
        )
        const target: [string, string][] = [[components[0]?.[0] as string, targetVersion]]
        const plan: PlanRequest = {
          components,
          target,
          unknown,
          ...(prefer === undefined ? {} : { prefer }),
        }
        const answer = evaluatePlan(dataset, plan, DAY)
        const expected = bruteForce(dataset, plan)
        assert.equal(answer.feasible, expected !== null, answer.reason)
        if (expected === null) return
        assert.deepEqual({ ...answer.result }, expected)
        assert.ok(answer.pairs.every((pair) => pair.compatible !== 'incompatible'))
        if (unknown === 'block')
          assert.ok(answer.pairs.every((pair) => pair.compatible === 'compatible'))
      },
    ),
    { numRuns: 300 },
  )
})
