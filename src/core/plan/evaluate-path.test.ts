import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { buildDataset, type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { DependencyEntry, ProjectDocument, Upgrades } from '../dataset/schema.ts'
import { evaluateStack } from '../stack/evaluate-stack.ts'
import { allowsHop } from '../upgrades/allows-hop.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import { evaluatePlan } from './evaluate-plan.ts'
import type { UnknownPolicy } from './pair-judge.ts'
import type { PlanRequest } from './plan-request.ts'
import type { PlanResult } from './plan-result.ts'

// The day a plan's support is judged on when supportedOn is not asked.
const DAY = '2026-11-28'

const entry = (ranges: string[], tested = false): DependencyEntry => ({
  ranges,
  ...(tested ? { basis: 'tested' as const } : {}),
  relationship: 'platform',
  confidence: 'low',
  lastVerified: null,
  notes: [],
  sources: [],
})

const rule = (fields: Partial<Upgrades>): Upgrades => ({
  confidence: 'high',
  lastVerified: '2026-11-28',
  sources: [],
  ...fields,
})

const project = (
  id: string,
  versions: Record<string, Record<string, DependencyEntry>>,
  extra: Partial<ProjectDocument> = {},
): ProjectDocument => ({
  id,
  name: id,
  categories: [],
  website: 'https://example.org',
  versions: Object.fromEntries(
    Object.entries(versions).map(([key, dependencies]) => [key, { dependencies }]),
  ),
  ...extra,
})

// A platform that moves one minor at a time, and two add-ons that each document a window of it.
const PLATFORM = project(
  'platform',
  { '1.30': {}, '1.31': {}, '1.32': {}, '1.33': {}, '1.34': {} },
  { upgrades: rule({ step: 'minor' }) },
)
const ADDONS = buildDataset([
  PLATFORM,
  project('certs', {
    '1.0': { platform: entry(['>=1.29 <1.33']) },
    '2.0': { platform: entry(['>=1.31 <1.35']) },
  }),
  project('operator', {
    '1.0': { platform: entry(['1.30', '1.31']) },
    '1.1': { platform: entry(['1.31', '1.32']) },
    '1.2': { platform: entry(['1.32', '1.33']) },
    '1.3': { platform: entry(['1.33', '1.34']) },
  }),
  project('gate', { '1.0': { platform: entry(['1.30']) }, '3.0': { platform: entry(['>=1.34']) } }),
  project(
    'gitlab',
    { '16.2': {}, '16.3': {}, '16.4': {}, '16.7': {}, '16.8': {} },
    {
      upgrades: rule({ stops: ['16.3', '16.7'] }),
    },
  ),
])

const ask = (
  components: [string, string][],
  target: [string, string][],
  extra: Partial<PlanRequest> = {},
): PlanResult =>
  evaluatePlan(ADDONS, { components, target, unknown: 'block', path: true, ...extra }, DAY)

const stepsOf = (plan: PlanResult) =>
  (plan.steps ?? []).map((step) => `${step.component} ${step.from ?? '-'}→${step.to}`)

interface Case {
  readonly name: string
  readonly plan: () => PlanResult
  readonly feasible: boolean | null
  readonly steps: readonly string[]
  /** A part of the reason, or of a step's reason. */
  readonly says: string
}

const CASES: readonly Case[] = [
  {
    name: 'nothing moves: steps are empty',
    plan: () => ask([['platform', '1.31']], [['platform', '1.31']]),
    feasible: true,
    steps: [],
    says: 'holds with nothing moved',
  },
  {
    name: 'a target hops one minor at a time, each add-on moves just when the platform needs it',
    plan: () =>
      ask(
        [
          ['platform', '1.31'],
          ['certs', '1.0'],
          ['operator', '1.1'],
        ],
        [['platform', '1.33']],
      ),
    feasible: true,
    steps: ['platform 1.31→1.32', 'certs 1.0→2.0', 'operator 1.1→1.2', 'platform 1.32→1.33'],
    says: 'certs first: at 1.0 it documents platform >=1.29 <1.33, not 1.33, and platform moves to 1.33 in step 4',
  },
  {
    name: 'an add-on takes two hops when no key fits both ends',
    plan: () =>
      ask(
        [
          ['platform', '1.31'],
          ['operator', '1.1'],
        ],
        [['platform', '1.34']],
      ),
    feasible: true,
    steps: [
      'platform 1.31→1.32',
      'operator 1.1→1.2',
      'platform 1.32→1.33',
      'operator 1.2→1.3',
      'platform 1.33→1.34',
    ],
    says: 'platform reaches its target 1.34 (one minor line at a time, as its upgrade rule says)',
  },
  {
    name: 'the last hop lands on the version the target names',
    plan: () => ask([['platform', '1.32']], [['platform', '1.34.2']]),
    feasible: true,
    steps: ['platform 1.32→1.33', 'platform 1.33→1.34.2'],
    says: 'platform 1.34.2 is reached in 2 steps',
  },
  {
    name: 'required stops: no hop passes over one',
    plan: () => ask([['gitlab', '16.2']], [['gitlab', '16.8']]),
    feasible: true,
    steps: ['gitlab 16.2→16.3', 'gitlab 16.3→16.7', 'gitlab 16.7→16.8'],
    says: 'required stops at 16.3, 16.7',
  },
  {
    name: 'a target below the version as sent: hops only go up',
    plan: () => ask([['platform', '1.33']], [['platform', '1.31']]),
    feasible: false,
    steps: [],
    says: 'hops only go up',
  },
  {
    name: 'no key of an add-on fits both sides of a hop: the pairs in the way',
    plan: () =>
      ask(
        [
          ['platform', '1.30'],
          ['gate', '1.0'],
        ],
        [['platform', '1.34']],
      ),
    feasible: false,
    steps: [],
    says: 'the pairs in blocking rule out',
  },
  {
    name: 'a pair already broken in the stack as sent may stay broken on the way',
    plan: () =>
      ask(
        [
          ['platform', '1.33'],
          ['operator', '1.1'],
        ],
        [['platform', '1.34']],
      ),
    feasible: true,
    steps: ['platform 1.33→1.34', 'operator 1.1→1.3'],
    says: 'operator moves to 1.3: at 1.1, operator documents platform 1.31, 1.32, not 1.34',
  },
  {
    name: 'a target name the stack lacks joins it in a step of its own',
    plan: () => ask([['certs', '1.0']], [['platform', '1.32']]),
    feasible: true,
    steps: ['platform -→1.32'],
    says: 'platform joins the stack at its target 1.32',
  },
  {
    name: 'past its budget: feasible null with a reason, no steps',
    plan: () =>
      evaluatePlan(
        ADDONS,
        {
          components: [
            ['platform', '1.31'],
            ['operator', '1.1'],
          ],
          target: [['platform', '1.34']],
          unknown: 'block',
          path: true,
        },
        DAY,
        5,
      ),
    feasible: null,
    steps: [],
    says: 'The search stopped after',
  },
]

for (const row of CASES) {
  test(`path: ${row.name}`, () => {
    const plan = row.plan()
    assert.equal(plan.feasible, row.feasible, plan.reason)
    assert.deepEqual(stepsOf(plan), row.steps)
    const text = [
      plan.reason,
      ...(plan.steps ?? []).map((step) => step.reason),
      ...plan.changes.map((change) => change.reason),
      ...(plan.blocking ?? []).map((blocking) => blocking.rule ?? ''),
    ].join(' | ')
    assert.ok(text.includes(row.says), text)
    if (plan.feasible === false) assert.ok((plan.blocking ?? []).length > 0)
  })
}

test('path: each step carries the stack after it and the pairs of the component that moved', () => {
  const plan = ask(
    [
      ['platform', '1.31'],
      ['certs', '1.0'],
      ['operator', '1.1'],
    ],
    [['platform', '1.33']],
  )
  const second = plan.steps?.[1]
  assert.deepEqual({ ...second?.stack }, { platform: '1.32', certs: '2.0', operator: '1.1' })
  assert.deepEqual(
    second?.pairs.map((pair) => `${pair.project}→${pair.dependency} ${pair.compatible}`),
    ['certs→platform compatible'],
  )
  assert.deepEqual(
    plan.changes.map((change) => `${change.component} ${change.from}→${change.to}`),
    // The target's moves are its steps: changes are the others' (as in a plan).
    ['certs 1.0→2.0', 'operator 1.1→1.2'],
  )
  assert.deepEqual({ ...plan.result }, { platform: '1.33', certs: '2.0', operator: '1.2' })
})

test('path: without path, the same body answers as a plan does, with no steps', () => {
  const plan = evaluatePlan(
    ADDONS,
    {
      components: [
        ['platform', '1.31'],
        ['operator', '1.1'],
      ],
      target: [['platform', '1.33']],
      unknown: 'block',
    },
    DAY,
  )
  assert.equal(plan.steps, undefined)
  assert.deepEqual({ ...plan.result }, { platform: '1.33', operator: '1.2' })
})

// Random small catalogues: projects p0..p3 with keys that document each other with ranges
// drawn from a few, some with an upgrade rule; the path must be what a breadth-first search
// over every stack finds.
const KEYS = ['1', '1.1', '1.2', '2', '2.1', '3']
const RANGES: readonly (readonly string[])[] = [
  ['1'],
  ['2'],
  ['>=1.1 <3'],
  ['>=2'],
  ['1.1', '2'],
  ['1.2', '2.1', '3'],
  [],
]
const VERSIONS = ['0.9', '1', '1.1.2', '1.2', '2', '2.1.4', '3', '4']
const RULES: readonly (Partial<Upgrades> | null)[] = [
  null,
  null,
  { step: 'minor' },
  { step: 'major' },
  { stops: ['2'] },
]

const catalogue = fc
  .array(
    fc.record({
      keys: fc.subarray(KEYS, { minLength: 1 }),
      rule: fc.integer({ min: 0, max: RULES.length - 1 }),
      documents: fc.array(
        fc.record({
          other: fc.integer({ min: 0, max: 3 }),
          range: fc.integer({ min: 0, max: RANGES.length - 1 }),
          tested: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 2, maxLength: 4 },
  )
  .map((projects) =>
    buildDataset(
      projects.map((drawn, index): ProjectDocument => {
        const versions: Record<string, Record<string, DependencyEntry>> = {}
        drawn.keys.forEach((key, at) => {
          const dependencies: Record<string, DependencyEntry> = {}
          drawn.documents.forEach((documented, which) => {
            if (documented.other === index || (which + at) % 3 === 2) return
            const ranges = [...(RANGES[(documented.range + at) % RANGES.length] as string[])]
            dependencies[`p${documented.other}`] = entry(
              ranges,
              documented.tested && ranges.length > 0,
            )
          })
          versions[key] = dependencies
        })
        const upgrades = RULES[drawn.rule]
        return project(`p${index}`, versions, upgrades == null ? {} : { upgrades: rule(upgrades) })
      }),
    ),
  )

interface Brute {
  readonly steps: number
  readonly final: Record<string, string>
  readonly path: readonly string[]
}

/**
 * Every stack the components can be in, searched breadth first from the stack as sent, with
 * the rules written out again from docs/api.md: the fewest steps; then the final stack with the
 * fewest moves, then the lowest options in request order; then the path whose first differing
 * step is of the lower component, then to the lower key.
 */
function bruteForce(dataset: Dataset, plan: PlanRequest): Brute | null {
  const targets = new Map(plan.target)
  const named = [
    ...plan.components.map(([name, version]) => ({ name, sent: version as string | null })),
    ...plan.target
      .filter(([name]) => !plan.components.some(([other]) => other === name))
      .map(([name]) => ({ name, sent: null as string | null })),
  ]
  const ABSENT = '(absent)'
  const slots = named.map(({ name, sent }) => {
    const found = findProject(dataset, name)
    const goal = targets.get(name) ?? null
    const keys = (found?.versions ?? [])
      .filter((key) => key.version.pre === null)
      .map((key) => key.key)
      .reverse()
    const above = (version: string, below: string | null) => {
      const from = parseVersion(version)
      const to = below === null ? null : parseVersion(below)
      return from === null
        ? []
        : keys.filter((key) => {
            const parsed = parseVersion(key) as Version
            return (
              compareVersions(parsed, from) > 0 && (to === null || compareVersions(parsed, to) < 0)
            )
          })
    }
    let options: string[]
    if (sent === null) options = [ABSENT, goal as string]
    else if (goal === null) options = [sent, ...above(sent, null)]
    else if (goal === sent) options = [sent]
    else options = [sent, ...above(sent, goal), goal]
    const hop = (from: number, to: number) => {
      if (options[from] === ABSENT) return to === options.length - 1
      const a = parseVersion(options[from] as string)
      const b = parseVersion(options[to] as string)
      return a !== null && b !== null && allowsHop(found?.document.upgrades, a, b)
    }
    return { name, options, hop, goal }
  })
  const accept = (verdict: string) =>
    verdict === 'compatible' || (verdict === 'unknown' && plan.unknown === 'allow')
  const judged = new Map<string, { pairs: Map<string, string>; resolved: boolean }>()
  const judge = (state: readonly number[]) => {
    const key = state.join(',')
    let known = judged.get(key)
    if (known === undefined) {
      const components = slots.flatMap((slot, index) => {
        const version = slot.options[state[index] as number] as string
        return version === ABSENT ? [] : [[slot.name, version] as [string, string]]
      })
      const stack = evaluateStack(dataset, { components })
      known = {
        pairs: new Map(
          stack.pairs.map((pair) => [`${pair.project}→${pair.dependency}`, pair.compatible]),
        ),
        resolved: Object.values(stack.resolved).every(
          (resolved) => resolved === null || resolved.key !== null,
        ),
      }
      judged.set(key, known)
    }
    return known
  }
  const start = slots.map(() => 0)
  const broken = new Set(
    [...judge(start).pairs].filter(([, verdict]) => !accept(verdict)).map(([pair]) => pair),
  )
  const onTheWay = (state: readonly number[]) =>
    [...judge(state).pairs].every(([pair, verdict]) => accept(verdict) || broken.has(pair))
  const isFinal = (state: readonly number[]) => {
    const { pairs, resolved } = judge(state)
    return (
      slots.every(
        (slot, index) => slot.goal === null || state[index] === slot.options.length - 1,
      ) &&
      [...pairs.values()].every(accept) &&
      (plan.unknown === 'allow' || resolved)
    )
  }
  const successors = (state: readonly number[]) => {
    const next: number[][] = []
    slots.forEach((slot, index) => {
      for (let option = (state[index] as number) + 1; option < slot.options.length; option++) {
        if (!slot.hop(state[index] as number, option)) continue
        const moved = [...state]
        moved[index] = option
        if (onTheWay(moved)) next.push(moved)
      }
    })
    return next
  }
  // Breadth first: the fewest steps to every stack.
  const distance = new Map<string, number>([[start.join(','), 0]])
  let layer = [start]
  let finals: number[][] = []
  for (let steps = 0; layer.length > 0; steps++) {
    finals = layer.filter(isFinal)
    if (finals.length > 0) break
    const next: number[][] = []
    for (const state of layer) {
      for (const moved of successors(state)) {
        const key = moved.join(',')
        if (distance.has(key)) continue
        distance.set(key, steps + 1)
        next.push(moved)
      }
    }
    layer = next
  }
  if (finals.length === 0) return null
  const moves = (state: readonly number[]) => state.filter((option) => option > 0).length
  // Staying first, then the lowest keys, or the newest ones when preferred.
  const rank = (option: number) =>
    option === 0 ? Number.NEGATIVE_INFINITY : plan.prefer === 'newest' ? -option : option
  const best = finals.reduce((a, b) => {
    if (moves(a) !== moves(b)) return moves(a) < moves(b) ? a : b
    for (let index = 0; index < a.length; index++) {
      if (a[index] !== b[index]) {
        return rank(a[index] as number) < rank(b[index] as number) ? a : b
      }
    }
    return a
  })
  const steps = distance.get(best.join(',')) as number
  // Steps left to the chosen final stack from every stack, then the lowest path, step by step.
  const toBest = new Map<string, number>()
  const left = (state: readonly number[]): number => {
    const key = state.join(',')
    const known = toBest.get(key)
    if (known !== undefined) return known
    let fewest = key === best.join(',') ? 0 : Number.POSITIVE_INFINITY
    for (const moved of successors(state)) fewest = Math.min(fewest, 1 + left(moved))
    toBest.set(key, fewest)
    return fewest
  }
  const path: string[] = []
  let state: readonly number[] = start
  while (left(state) > 0) {
    const next = successors(state).find((moved) => left(moved) === left(state) - 1) as number[]
    const index = next.findIndex((option, at) => option !== state[at])
    const slot = slots[index] as (typeof slots)[number]
    const from = slot.options[state[index] as number] as string
    path.push(`${slot.name} ${from === ABSENT ? '-' : from}→${slot.options[next[index] as number]}`)
    state = next
  }
  const final = Object.fromEntries(
    slots.map((slot, index) => [slot.name, slot.options[best[index] as number] as string]),
  )
  return { steps, final, path }
}

test('path: on random small catalogues, the path breadth-first search over every stack finds, every step safe', () => {
  fc.assert(
    fc.property(
      catalogue,
      fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom(...VERSIONS)), {
        minLength: 1,
        maxLength: 4,
        selector: ([index]) => index,
      }),
      fc.integer({ min: 0, max: 4 }),
      fc.constantFrom(...VERSIONS),
      fc.constantFrom<UnknownPolicy>('block', 'allow'),
      fc.constantFrom<PlanRequest['prefer']>(undefined, 'newest'),
      (dataset, stack, targetIndex, targetVersion, unknown, prefer) => {
        // p4 is never catalogued: a name that stays as it is, or joins as a target.
        const components = stack.map(
          ([index, version]) => [`p${index}`, version] as [string, string],
        )
        const plan: PlanRequest = {
          components,
          target: [[`p${targetIndex}`, targetVersion]],
          unknown,
          path: true,
          ...(prefer === undefined ? {} : { prefer }),
        }
        const answer = evaluatePlan(dataset, plan, DAY)
        const expected = bruteForce(dataset, plan)
        assert.equal(answer.feasible, expected !== null, answer.reason)
        if (expected === null) {
          assert.deepEqual(answer.steps, [])
          return
        }
        assert.equal(answer.steps?.length, expected.steps)
        assert.deepEqual({ ...answer.result }, expected.final)
        assert.deepEqual(stepsOf(answer), expected.path)
        // Every step's stack, judged afresh: each pair acceptable, or already not at the start.
        const accept = (verdict: string) =>
          verdict === 'compatible' || (verdict === 'unknown' && unknown === 'allow')
        const broken = new Set(
          evaluateStack(dataset, { components })
            .pairs.filter((pair) => !accept(pair.compatible))
            .map((pair) => `${pair.project}→${pair.dependency}`),
        )
        for (const step of answer.steps ?? []) {
          const judged = evaluateStack(dataset, { components: Object.entries(step.stack) })
          for (const pair of judged.pairs) {
            assert.ok(
              accept(pair.compatible) || broken.has(`${pair.project}→${pair.dependency}`),
              `${step.component} → ${step.to} breaks ${pair.project}→${pair.dependency}`,
            )
          }
        }
        assert.ok(answer.pairs.every((pair) => accept(pair.compatible)))
      },
    ),
    { numRuns: 400 },
  )
})
