import assert from 'node:assert/strict'
import { test } from 'node:test'
import type {
  PlanResult,
  PlanStep,
  ProjectIndexEntry,
  StackPair,
  Verdict,
} from '../api/response-schemas.ts'
import {
  planGoal,
  planResultMarkup,
  planStatusText,
  stepMove,
  stepVerdict,
} from './plan-result-markup.ts'
import { renderHtml } from './render-html.ts'

const DAY = '2026-11-28'

const PROJECTS = [
  { id: 'kubernetes', aliases: ['k8s'] },
  { id: 'cloudnative-pg', aliases: ['cnpg'] },
] as unknown as ProjectIndexEntry[]

function pair(
  project: string,
  version: string,
  dependency: string,
  dependencyVersion: string,
  compatible: Verdict = 'compatible',
): StackPair {
  return {
    project,
    version,
    dependency,
    dependencyVersion,
    key: dependency,
    compatible,
    matchedRange: compatible === 'compatible' ? dependencyVersion : null,
    matchedConstraint: null,
    relationship: 'platform',
    confidence: 'high',
    lastVerified: '2026-11-23',
    notes: [],
    sources: [{ title: `${project} releases`, url: 'https://example.org/r', accessedAt: DAY }],
    reason: `${dependencyVersion} is documented.`,
  } as StackPair
}

function plan(overrides: Partial<PlanResult>): PlanResult {
  return {
    components: { kubernetes: '1.31', cnpg: '1.24' },
    target: { kubernetes: '1.33' },
    unknown: 'block',
    feasible: true,
    reason: 'kubernetes 1.33 holds.',
    changes: [],
    result: { kubernetes: '1.33', cnpg: '1.25' },
    pairs: [pair('cnpg', '1.25', 'kubernetes', '1.33')],
    date: DAY,
    support: [],
    ...overrides,
  }
}

const STEPS: PlanStep[] = [
  {
    component: 'cnpg',
    from: '1.24',
    to: '1.25',
    reason: 'cnpg first: kubernetes moves to 1.32 in step 2.',
    stack: { kubernetes: '1.31', cnpg: '1.25' },
    pairs: [pair('cnpg', '1.25', 'kubernetes', '1.31')],
    notes: [
      { title: 'CloudNativePG 1.25 release notes', url: 'https://example.org/cnpg-1.25' },
      { title: 'Bad <scheme>', url: 'javascript:alert(1)' },
    ],
  },
  {
    component: 'kubernetes',
    from: '1.31',
    to: '1.32',
    reason: 'kubernetes moves towards its target 1.33.',
    stack: { kubernetes: '1.32', cnpg: '1.25' },
    pairs: [pair('cnpg', '1.25', 'kubernetes', '1.32', 'unknown')],
    notes: [{ title: 'Kubernetes v1.32.0 changelog', url: 'https://example.org/k8s-1.32' }],
  },
  {
    component: 'kubernetes',
    from: '1.32',
    to: '1.33',
    reason: 'kubernetes reaches its target 1.33.',
    stack: { kubernetes: '1.33', cnpg: '1.25' },
    pairs: [],
    notes: [],
  },
  {
    component: 'redis',
    from: null,
    to: '7.2',
    reason: 'redis joins.',
    stack: { kubernetes: '1.33', cnpg: '1.25', redis: '7.2' },
    pairs: [],
    notes: [],
  },
]

const PATH = plan({
  path: true,
  reason: 'kubernetes 1.33 is reached in 4 steps, none breaking a pair that worked.',
  changes: [
    { component: 'kubernetes', from: '1.31', to: '1.33', reason: 'Steps 2, 3: to its target.' },
    { component: 'cnpg', from: '1.24', to: '1.25', reason: 'Step 1: 1.24 → 1.25.' },
  ],
  steps: STEPS,
})

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

// [the answer, its heading's text]
const HEADINGS: [string, PlanResult, string][] = [
  ['a target', plan({}), 'Upgrade kubernetes to 1.33: ✓ Possible'],
  ['one step at a time', PATH, 'Upgrade kubernetes to 1.33, one step at a time: ✓ Possible'],
  [
    'a day without a target',
    plan({ target: {}, supportedOn: '2027-06-30' }),
    'Supported on 2027-06-30: ✓ Possible',
  ],
  [
    'a target and a day, one step at a time, not possible',
    plan({ supportedOn: '2027-06-30', path: true, steps: [], feasible: false }),
    'Upgrade kubernetes to 1.33, supported on 2027-06-30, one step at a time: ✗ Not possible',
  ],
  ['a search that gave up', plan({ feasible: null }), 'Upgrade kubernetes to 1.33: ? Undecided'],
]

for (const [what, answer, heading] of HEADINGS) {
  test(`a plan's heading, ${what}: “${heading}”`, () => {
    const html = renderHtml(planResultMarkup(answer, DAY, PROJECTS))
    const found = /<h3 class="result-heading">([\s\S]*?)<\/h3>/.exec(html)
    assert.equal(text(found?.[1] ?? ''), heading)
    // The symbol is decoration: screen readers hear the words.
    assert.match(html, /<span aria-hidden="true" class="verdict-symbol">/)
  })
}

test('planGoal and the status line say what was asked and what came of it', () => {
  assert.equal(planGoal(plan({ target: {} })), 'Plan')
  assert.equal(planGoal(plan({ target: { a: '1', b: '2' } })), 'Upgrade a to 1 and b to 2')
  assert.equal(
    planStatusText(plan({ feasible: false })),
    'Plan: not possible. kubernetes 1.33 holds.',
  )
})

// [a step's pairs' verdicts, the verdict after it]
const VERDICTS: [Verdict[], Verdict | null][] = [
  [[], null],
  [['compatible'], 'compatible'],
  [['compatible', 'unknown'], 'unknown'],
  [['unknown', 'incompatible', 'compatible'], 'incompatible'],
]

for (const [verdicts, expected] of VERDICTS) {
  test(`a step whose pairs are [${verdicts.join(', ')}] reads ${expected ?? 'no verdict'}`, () => {
    assert.equal(stepVerdict(verdicts.map((v) => pair('a', '1', 'b', '2', v))), expected)
  })
}

test('what a step moves: from → to, or a name joining', () => {
  assert.equal(stepMove({ component: 'k8s', from: '1.31', to: '1.32' }), 'k8s 1.31 → 1.32')
  assert.equal(stepMove({ component: 'redis', from: null, to: '7.2' }), 'redis joins at 7.2')
})

test('one step at a time: a numbered list, each step what moves, why, the verdict after it, its pairs to open', () => {
  const html = renderHtml(planResultMarkup(PATH, DAY, PROJECTS))
  const list =
    /<ol class="check-list plan-steps" aria-labelledby="plan-steps-heading">([\s\S]*)<\/ol>/.exec(
      html,
    )
  assert.ok(list, 'the steps are an ordered list')
  assert.match(html, /<h3 id="plan-steps-heading">The path, step by step \(4 steps\)<\/h3>/)
  const items = (list[1] ?? '').split(/(?=<li class="check-item plan-step)/).filter(Boolean)
  assert.deepEqual(
    items.map((item) => text(/<h4>(.*?)<\/h4>/.exec(item)?.[1] ?? '')),
    [
      'Step 1: cnpg 1.24 → 1.25',
      'Step 2: kubernetes 1.31 → 1.32',
      'Step 3: kubernetes 1.32 → 1.33',
      'Step 4: redis joins at 7.2',
    ],
  )
  // [the verdict after it, the class it colours, what its disclosure says]
  const expected: [string, string, string][] = [
    [
      'After this step: ✓ Compatible (1 pair with cnpg 1.25)',
      'check-compatible',
      'The stack after step 1, 1 pair with evidence',
    ],
    [
      'After this step: ? Unknown (1 pair with kubernetes 1.32)',
      'check-unknown',
      'The stack after step 2, 1 pair with evidence',
    ],
    [
      'After this step: no pair involves kubernetes 1.33.',
      'check-compatible',
      'The stack after step 3',
    ],
    ['After this step: no pair involves redis 7.2.', 'check-compatible', 'The stack after step 4'],
  ]
  items.forEach((item, index) => {
    const [verdict, colour, summary] = expected[index] ?? []
    assert.equal(text(/<p class="step-verdict">(.*?)<\/p>/.exec(item)?.[1] ?? ''), verdict)
    assert.ok(
      item.startsWith(`<li class="check-item plan-step ${colour}" id="plan-step-${index + 1}">`),
    )
    assert.equal(text(/<summary>(.*?)<\/summary>/.exec(item)?.[1] ?? ''), summary)
    assert.match(item, /<p class="reason">[^<]+<\/p>/)
    assert.match(item, /<details class="step-details">/)
  })
  // What to read before a step: its upgrade notes as links (http(s) only); none, no list.
  assert.match(
    items[0] ?? '',
    /<p id="plan-step-1-notes">Read before this step:<\/p><ul class="sources" aria-labelledby="plan-step-1-notes"><li><a href="https:\/\/example\.org\/cnpg-1\.25">CloudNativePG 1\.25 release notes<\/a><\/li><li>Bad &lt;scheme&gt;<\/li><\/ul>/,
  )
  assert.match(
    items[1] ?? '',
    /<a href="https:\/\/example\.org\/k8s-1\.32">Kubernetes v1\.32\.0 changelog<\/a>/,
  )
  assert.doesNotMatch(items[2] ?? '', /step-notes/)
  // The stack after the step; its pairs with their evidence, as a stack result shows them.
  assert.match(
    items[3] ?? '',
    /<p class="step-stack">kubernetes 1\.33, cnpg 1\.25, redis 7\.2<\/p>/,
  )
  assert.match(items[0] ?? '', /<ul class="check-list" aria-label="Pairs after step 1">/)
  assert.match(items[0] ?? '', /<a href="https:\/\/example\.org\/r">cnpg releases<\/a>/)
  assert.match(items[0] ?? '', /<dt>Documented as<\/dt>/)
  // A catalogued name (by alias) links to the key on its project's page; redis is none.
  assert.match(items[0] ?? '', /<a href="\/projects\/cloudnative-pg\?version=1\.25">/)
  assert.doesNotMatch(items[3] ?? '', /<a href="\/projects\//)
  // What moves in all comes first; the stack after the plan after the steps.
  assert.ok(html.indexOf('What moves, in all') < html.indexOf('plan-steps-heading'))
  assert.match(html, /<strong>kubernetes<\/strong>: Steps 2, 3: to its target\./)
  assert.ok(html.indexOf('</ol>') < html.indexOf('Pairs after the plan'))
  assert.doesNotMatch(html, /aria-label="Moves"/)
})

test('without path, the moves as before: no steps list', () => {
  const html = renderHtml(
    planResultMarkup(
      plan({ changes: [{ component: 'cnpg', from: '1.24', to: '1.25', reason: 'Must move.' }] }),
      DAY,
      PROJECTS,
    ),
  )
  assert.match(html, /<ol class="check-list" aria-label="Moves">/)
  assert.match(html, /<h4>cnpg: 1\.24 → 1\.25<\/h4>/)
  assert.doesNotMatch(html, /plan-steps/)
  // A path asked that needs no step lists none.
  const still = renderHtml(planResultMarkup(plan({ path: true, steps: [] }), DAY, PROJECTS))
  assert.doesNotMatch(still, /plan-steps|What moves, in all/)
})

// [what blocks, the texts shown]
const BLOCKING: [string, NonNullable<PlanResult['blocking']>, RegExp[], RegExp[]][] = [
  [
    'pairs',
    [{ component: 'cnpg', pairs: [pair('cnpg', '1.28', 'kubernetes', '1.40', 'incompatible')] }],
    [/<ul class="check-list" aria-label="What blocks cnpg">/, /✗<\/span>Incompatible/],
    [/Upgrade rule:/, /Support:/],
  ],
  [
    'an upgrade rule',
    [{ component: 'gitlab', pairs: [], rule: 'required stops at 16.3, 16.7' }],
    [
      /<h4>gitlab<\/h4>/,
      /<p class="blocking-rule"><strong>Upgrade rule: <\/strong>required stops at 16\.3, 16\.7<\/p>/,
    ],
    [/aria-label="What blocks gitlab"/, /Support:/],
  ],
  [
    'a day',
    [{ component: 'kubernetes', pairs: [], support: 'the 1.34 line is end-of-life then' }],
    [
      /<p class="blocking-support"><strong>Support: <\/strong>the 1\.34 line is end-of-life then<\/p>/,
    ],
    [/Upgrade rule:/],
  ],
  ['nothing to show', [{ component: 'x', pairs: [] }], [], [/What blocks it/]],
]

for (const [what, blocking, shown, absent] of BLOCKING) {
  test(`what blocks a plan: ${what}`, () => {
    const html = renderHtml(planResultMarkup(plan({ feasible: false, blocking }), DAY, PROJECTS))
    for (const pattern of shown) assert.match(html, pattern)
    for (const pattern of absent) assert.doesNotMatch(html, pattern)
    if (shown.length > 0) assert.match(html, /<h3>What blocks it<\/h3>/)
    // No plan, no stack after it.
    assert.doesNotMatch(html, /The stack after the plan/)
  })
}

test('names, versions and reasons are text, never markup', () => {
  const html = renderHtml(
    planResultMarkup(
      plan({
        path: true,
        reason: '<b>bold</b>',
        steps: [{ ...(STEPS[0] as PlanStep), component: '<x>', reason: 'a "quoted" & <i>' }],
      }),
      DAY,
      PROJECTS,
    ),
  )
  assert.doesNotMatch(html, /<b>|<x>|<i>/)
  assert.match(html, /&lt;b&gt;bold&lt;\/b&gt;/)
  assert.match(html, /a &quot;quoted&quot; &amp; &lt;i&gt;/)
})

test('the same answer renders the same bytes', () => {
  assert.equal(
    renderHtml(planResultMarkup(PATH, DAY, PROJECTS)),
    renderHtml(planResultMarkup(structuredClone(PATH), DAY, PROJECTS)),
  )
})

test('a possible plan says where it lands: each component’s support that day, and an end of life first', () => {
  const html = renderHtml(
    planResultMarkup(
      plan({
        support: [
          {
            component: 'kubernetes',
            version: '1.33',
            project: 'kubernetes',
            line: '1.33',
            status: 'end-of-life',
            supportUntil: '2026-06-28',
            activeSupportUntil: '2026-06-28',
            daysLeft: null,
          },
          {
            component: 'cnpg',
            version: '1.25',
            project: 'cloudnative-pg',
            line: '1.25',
            status: 'supported',
            supportUntil: '2027-02-28',
            activeSupportUntil: '2027-02-28',
            daysLeft: 92,
          },
        ],
      }),
      DAY,
      PROJECTS,
    ),
  )
  const warning = html.indexOf('id="plan-end-of-life"')
  const components = html.indexOf('aria-label="Components after the plan"')
  assert.ok(warning > 0 && components > warning, html)
  assert.match(html, /End of life: 1 component gets no more fixes/)
  assert.match(html, /<strong>cnpg<\/strong> <span class="version">1\.25<\/span>/)
  assert.match(html, /Support on 2026-11-28: .*supported.*\(release line 1\.25, 92 days left\)/)
})
