import assert from 'node:assert/strict'
import { test } from 'node:test'
import type {
  Blocking,
  ComponentSupport,
  PlanResult,
  PlanStep,
  StackPair,
} from '../api/response-schemas.ts'
import { describeBlocking, describePlan, describeSteps, stepVerdict } from './describe-plan.ts'

type Verdict = StackPair['compatible']

function pair(project: string, dependency: string, compatible: Verdict): StackPair {
  return {
    project,
    version: '1.0',
    dependency,
    dependencyVersion: '2.0',
    key: dependency,
    compatible,
    matchedRange: compatible === 'compatible' ? '2.0' : null,
    matchedConstraint: null,
    relationship: null,
    confidence: 'high',
    lastVerified: '2026-10-01',
    notes: [],
    sources: [],
    reason: `${compatible} by the fixture.`,
  }
}

const OK = pair('cnpg', 'kubernetes', 'compatible')
const OPEN = pair('argo-cd', 'kubernetes', 'unknown')
const BAD = pair('cert-manager', 'kubernetes', 'incompatible')

// [the step's pairs, the verdict after it in words]
const VERDICTS: readonly (readonly [readonly StackPair[], string])[] = [
  [[], 'unknown (no pair)'],
  [[OK], 'compatible (1 pair)'],
  [[OK, OK], 'compatible (2 pairs)'],
  [[OK, OPEN], 'unknown (1 of 2 pairs: argo-cd → kubernetes)'],
  [[OPEN, BAD, OK], 'incompatible (1 of 3 pairs: cert-manager → kubernetes)'],
  [[BAD, BAD], 'incompatible (2 of 2 pairs: cert-manager → kubernetes, cert-manager → kubernetes)'],
]

for (const [pairs, words] of VERDICTS) {
  test(`stepVerdict of [${pairs.map((one) => one.compatible).join(', ')}]: ${words}`, () =>
    assert.equal(stepVerdict(pairs), words))
}

function step(fields: Partial<PlanStep>): PlanStep {
  return {
    component: 'kubernetes',
    from: '1.31',
    to: '1.32',
    reason: 'kubernetes moves towards its target 1.34: 1.32 first.',
    stack: { kubernetes: '1.32' },
    pairs: [OK],
    notes: [],
    ...fields,
  }
}

// [steps, the lines]
const STEPS: readonly (readonly [readonly PlanStep[], readonly string[]])[] = [
  [
    [step({})],
    [
      '1. kubernetes 1.31 → 1.32: kubernetes moves towards its target 1.34: 1.32 first. After it: compatible (1 pair).',
    ],
  ],
  [
    [step({ component: 'redis', from: null, to: '7', reason: 'redis joins.', pairs: [] })],
    ['1. redis joins at 7: redis joins. After it: unknown (no pair).'],
  ],
  [
    [step({ reason: 'a\u001b[31m.' })],
    ['1. kubernetes 1.31 → 1.32: a\ufffd[31m. After it: compatible (1 pair).'],
  ],
  [
    [
      step({
        notes: [
          { title: 'Kubernetes v1.32.0 changelog', url: 'https://example.org/1.32' },
          { title: 'Upgrade\u001b notes', url: 'https://example.org/more' },
        ],
      }),
    ],
    [
      '1. kubernetes 1.31 → 1.32: kubernetes moves towards its target 1.34: 1.32 first. After it: compatible (1 pair).',
      '   Read first: Kubernetes v1.32.0 changelog <https://example.org/1.32>',
      '   Read first: Upgrade\ufffd notes <https://example.org/more>',
    ],
  ],
]

for (const [steps, lines] of STEPS) {
  test(`describeSteps: ${lines[0]}`, () => assert.deepEqual(describeSteps(steps), lines))
}

test('describeSteps: numbers aligned past nine steps', () => {
  const lines = describeSteps(Array.from({ length: 10 }, () => step({})))
  assert.equal(lines.length, 10)
  assert.ok(lines[0]?.startsWith(' 1. kubernetes'), lines[0])
  assert.ok(lines[9]?.startsWith('10. kubernetes'), lines[9])
})

// [blocking, the lines]
const BLOCKING: readonly (readonly [Blocking, readonly string[]])[] = [
  [
    { component: 'k8s', pairs: [], rule: 'one minor line at a time: no chain of documented keys' },
    ['k8s is blocked by:', '  upgrade rule: one minor line at a time: no chain of documented keys'],
  ],
  [
    { component: 'cnpg', pairs: [], support: 'cnpg 1.24 is not supported on 2027-06-30' },
    ['cnpg is blocked by:', '  support: cnpg 1.24 is not supported on 2027-06-30'],
  ],
  [
    { component: 'k8s', pairs: [] },
    ['k8s is blocked by:', '  (its version is covered by nothing documented)'],
  ],
]

for (const [blocking, lines] of BLOCKING) {
  test(`describeBlocking: ${lines[1]}`, () => assert.deepEqual(describeBlocking(blocking), lines))
}

test('describeBlocking: the rule, then the pairs', () => {
  const lines = describeBlocking({ component: 'cert-manager', pairs: [BAD], rule: 'hops go up' })
  assert.deepEqual(lines.slice(0, 2), ['cert-manager is blocked by:', '  upgrade rule: hops go up'])
  assert.match(lines[2] ?? '', /^COMPONENT\s+DOCUMENTS\s+VERDICT/)
  assert.match(lines[3] ?? '', /^cert-manager 1\.0\s+kubernetes 2\.0\s+incompatible/)
})

const SUPPORTED: ComponentSupport = {
  component: 'kubernetes',
  version: '1.32',
  project: 'kubernetes',
  line: '1.32',
  status: 'supported',
  supportUntil: '2027-02-28',
  activeSupportUntil: null,
  daysLeft: 92,
}
const UNKNOWN: ComponentSupport = {
  component: 'cnpg',
  version: '1.0',
  project: null,
  line: null,
  status: 'unknown',
  supportUntil: null,
  activeSupportUntil: null,
  daysLeft: null,
}

function plan(fields: Partial<PlanResult>): PlanResult {
  return {
    components: { kubernetes: '1.31', cnpg: '1.0' },
    target: { kubernetes: '1.32' },
    unknown: 'block',
    feasible: true,
    reason: 'The reason.',
    changes: [],
    result: { kubernetes: '1.32', cnpg: '1.0' },
    pairs: [OK],
    date: '2026-11-28',
    support: [SUPPORTED, UNKNOWN],
    ...fields,
  }
}

// [answer, the lines before the stack after the plan (or before the verdict)]
const PLANS: readonly (readonly [string, PlanResult, readonly string[]])[] = [
  ['without a path, nothing else moves', plan({}), ['Nothing else moves.']],
  ['with a path of no step, nothing moves', plan({ path: true, steps: [] }), ['Nothing moves.']],
  [
    'with a path where only a target moves',
    plan({ path: true, steps: [step({ from: null, to: '7', component: 'redis', pairs: [] })] }),
    [
      'Steps:',
      '1. redis joins at 7: kubernetes moves towards its target 1.34: 1.32 first. After it: unknown (no pair).',
      '',
      'Nothing else moves.',
    ],
  ],
  [
    'with a path, the steps, then the moves',
    plan({
      path: true,
      steps: [step({})],
      changes: [{ component: 'kubernetes', from: '1.31', to: '1.32', reason: 'Step 1.' }],
    }),
    [
      'Steps:',
      '1. kubernetes 1.31 → 1.32: kubernetes moves towards its target 1.34: 1.32 first. After it: compatible (1 pair).',
      '',
      'MOVE        FROM  TO    REASON',
      'kubernetes  1.31  1.32  Step 1.',
    ],
  ],
]

for (const [name, answer, head] of PLANS) {
  test(`describePlan ${name}`, () => {
    const lines = describePlan(answer)
    assert.deepEqual(lines.slice(0, head.length), head)
    assert.deepEqual(lines.slice(head.length, head.length + 2), ['', 'The stack after the plan:'])
    assert.deepEqual(lines.slice(-2), [
      'plan: feasible — The reason.',
      'support on 2026-11-28: 1 supported, 1 unknown (cnpg)',
    ])
  })
}

test('describePlan: no pair after the plan says so', () => {
  const lines = describePlan(plan({ pairs: [] }))
  assert.deepEqual(lines, [
    'Nothing else moves.',
    '',
    'The stack after the plan:',
    'No pair: no component documents another.',
    '',
    'Its support on 2026-11-28:',
    'COMPONENT   VERSION  LINE  SUPPORT    UNTIL',
    'kubernetes  1.32     1.32  supported  2027-02-28 (92 days)',
    'cnpg        1.0      -     unknown    -',
    '',
    'plan: feasible — The reason.',
    'support on 2026-11-28: 1 supported, 1 unknown (cnpg)',
  ])
})

test('describePlan: a plan that lands on a line at its end of life says so plainly', () => {
  const ended: ComponentSupport = {
    ...SUPPORTED,
    version: '1.31',
    line: '1.31',
    status: 'end-of-life',
    supportUntil: '2026-10-28',
    daysLeft: null,
  }
  const lines = describePlan(plan({ support: [ended, UNKNOWN] }))
  assert.equal(
    lines.at(-1),
    'warning: the plan lands on a line at end of life on 2026-11-28: kubernetes 1.31 (line 1.31, support ended 2026-10-28). Add --supported-on 2026-11-28 to plan for lines still supported that day.',
  )
  // Asked for a day already, the plan lands where that day allows: no advice to ask for one.
  const onDay = describePlan(plan({ support: [ended], supportedOn: '2026-11-28' }))
  assert.match(
    onDay.at(-1) ?? '',
    /^warning: the plan lands on a line at end of life on 2026-11-28: kubernetes 1\.31 \(line 1\.31, support ended 2026-10-28\)\.$/,
  )
})

test('describePlan: without a plan, what blocks it, then the verdict', () => {
  const lines = describePlan(
    plan({
      feasible: false,
      reason: 'No path.',
      path: true,
      steps: [],
      blocking: [{ component: 'k8s', pairs: [], rule: 'hops only go up' }],
    }),
  )
  assert.deepEqual(lines, [
    'k8s is blocked by:',
    '  upgrade rule: hops only go up',
    '',
    'plan: infeasible — No path.',
  ])
})
