/**
 * What an upgrade path's step says of pairs agrees with the data (docs/api.md, "Upgrade
 * paths"): over random paths on the bundled data, every pair a step's `reason` names is a pair
 * of that step's stack — the component that moves at the version it leaves, the others as they
 * stand — or of the version a later step brings, which the reason then names ("and kubernetes
 * moves to 1.33 in step 9"); and what the reason says of it (which ranges are documented, not
 * the version; or that there is no evidence either way) is what a stack check of the same two
 * versions answers.
 */
import assert from 'node:assert/strict'
import { before, test } from 'node:test'
import fc from 'fast-check'
import { entriesOf, findVersion } from '../../src/core/check/find-version.ts'
import { type Dataset, findProject } from '../../src/core/dataset/build-dataset.ts'
import { linkedEntry, linkedProjectId } from '../../src/core/dataset/links.ts'
import { evaluatePlan } from '../../src/core/plan/evaluate-plan.ts'
import type { UnknownPolicy } from '../../src/core/plan/pair-judge.ts'
import type { PlanStep } from '../../src/core/plan/plan-result.ts'
import { evaluateStack } from '../../src/core/stack/evaluate-stack.ts'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { loadDataset } from '../../src/data/load-dataset.ts'

const TODAY = '2026-11-28'
let dataset: Dataset
/** Projects several others document (kubernetes, postgresql, nodejs, …), each with those others. */
let hubs: { readonly hub: string; readonly documentedBy: readonly string[] }[]

before(async () => {
  const loaded = await loadDataset(BUNDLED_DATA_DIR)
  if (!loaded.ok) throw new Error('the bundled dataset has faults')
  dataset = loaded.loaded.dataset
  const documentedBy = new Map<string, string[]>()
  for (const [id, project] of dataset.projects) {
    const linked = new Set<string>()
    for (const version of project.versions) {
      for (const key of version.dependencies.keys()) {
        const other = linkedProjectId(dataset, key)
        if (other !== null && other !== id) linked.add(other)
      }
    }
    for (const other of linked) documentedBy.set(other, [...(documentedBy.get(other) ?? []), id])
  }
  hubs = [...documentedBy]
    .filter(([, by]) => by.length >= 3)
    .map(([hub, by]) => ({ hub, documentedBy: by }))
})

/** A pair a reason names: `a` at `versionA` documents `b` at `versionB`, and what it says of it. */
interface Claim {
  readonly a: string
  readonly versionA: string
  readonly b: string
  readonly versionB: string
  readonly says: 'incompatible' | 'unknown'
  /** The documented ranges (and constraint types) the reason lists. */
  readonly rule: string
  /** The later step whose version of `b` (or of `a`) the pair is about, when the reason names one. */
  readonly laterStep: number | null
}

// The two ways a reason says what a document says of a pair (describe-step.ts,
// failures-of-staying.ts): columns are subject (a name, or a name and version), the other name
// (maybe "name (as key)"), then the rule and version in the order each form writes them.
const DOCUMENTS = /^(\S+)(?: (\S+))? documents (\S+)(?: \(as \S+\))? (.+), not (\S+)$/
const NO_EVIDENCE =
  /^(\S+)(?: (\S+))? has no evidence either way for (\S+)(?: \(as \S+\))? (\S+) \(documented: (.+)\)$/
// "at 1.24.1 it documents kubernetes 1.28, …, not 1.32, and kubernetes moves to 1.32 in step 5"
const LATER = /^(.*), and (\S+) (?:moves to|joins at) (\S+) in step (\d+)$/

/** Every pair a step's reason names; `from` is the moving component's version before the step. */
function claimsOf(step: PlanStep): Claim[] {
  const text = step.reason.replace(/\.$/, '')
  // "X first: …; it moves on in step N", "X moves to V: at F, …", "X moves to V on its way …"
  const body = text.startsWith(`${step.component} first: `)
    ? text.slice(`${step.component} first: `.length).replace(/; it moves on in step \d+$/, '')
    : /^\S+ moves to \S+: at \S+, /.test(text)
      ? text.replace(/^\S+ moves to \S+: at \S+, /, '')
      : ''
  const claims: Claim[] = []
  for (const clause of body.split('; ')) {
    const later = LATER.exec(clause)
    const said = (later?.[1] ?? clause).replace(/^at \S+ it /, `${step.component} `)
    const documents = DOCUMENTS.exec(said)
    const undecided = NO_EVIDENCE.exec(said)
    const match = documents ?? undecided
    if (match === null) continue
    const [, a, versionA, b, first, second] = match as unknown as string[]
    const isSubject = a === step.component && (versionA === undefined || clause.startsWith('at '))
    claims.push({
      a: a as string,
      versionA: isSubject ? (step.from as string) : (versionA as string),
      b: b as string,
      versionB: documents === null ? (first as string) : (second as string),
      says: documents === null ? 'unknown' : 'incompatible',
      rule: documents === null ? (second as string) : (first as string),
      laterStep: later === null ? null : Number(later[4]),
    })
  }
  // Nothing said of a pair escapes the parser.
  const said = (text.match(/ documents | has no evidence either way for /g) ?? []).length
  assert.equal(claims.length, said, `every pair in "${step.reason}" is read`)
  return claims
}

/** What the data documents for `a` at a version about `b`: its ranges and constraint types. */
function documentedRule(a: string, versionA: string, b: string): string {
  const project = findProject(dataset, a)
  assert.ok(project, `${a} is catalogued`)
  const found = findVersion(dataset, project, versionA, 'line')
  assert.ok(found, `${a} ${versionA} resolves`)
  const entry = linkedEntry(dataset, entriesOf(found), b)
  assert.ok(entry, `${a} ${versionA} documents ${b}`)
  const documented = [
    ...entry.entry.ranges,
    ...(entry.entry.constraints ?? []).map((constraint) => constraint.type),
  ]
  return documented.length === 0 ? 'no range' : documented.join(', ')
}

test('the cluster brought to lines supported on 2027-01-31: each step explains itself with its own stack', () => {
  const components: [string, string][] = [
    ['kubernetes', '1.31.6'],
    ['cert-manager', '1.15.3'],
    ['cloudnative-pg', '1.24.1'],
    ['argo-cd', '2.14.7'],
  ]
  const answer = evaluatePlan(
    dataset,
    {
      components,
      target: [],
      unknown: 'block',
      path: true,
      supportedOn: '2027-01-31',
    },
    TODAY,
  )
  assert.equal(answer.feasible, true, answer.reason)
  const checked = { now: 0, later: 0, unknown: 0 }
  checkClaims(components, answer.steps ?? [], checked)
  assert.ok(checked.later > 0, JSON.stringify(checked))
})

test("a step's reason names only pairs of its stack (or of a later step it names), as a stack check judges them", () => {
  // Claims checked, of each kind: the property must have met them all.
  const checked = { now: 0, later: 0, unknown: 0 }
  fc.assert(
    fc.property(
      fc.nat(),
      fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
      fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
      fc.oneof(
        fc.constant(null),
        fc.date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
      ),
      fc.boolean(),
      fc.constantFrom<UnknownPolicy>('block', 'allow'),
      (hubPick, memberPicks, versionPicks, day, withTarget, unknown) => {
        const { hub, documentedBy } = hubs[hubPick % hubs.length] as (typeof hubs)[number]
        const names = [
          hub,
          ...new Set(memberPicks.map((pick) => documentedBy[pick % documentedBy.length])),
        ] as string[]
        // Each at one of its older final keys, so that there is room to move.
        const components = names.map((name, at): [string, string] => {
          const keys = keysOf(name)
          const pick = (versionPicks[at] ?? 0) % Math.max(1, Math.ceil(keys.length / 2))
          return [name, keys[pick] as string]
        })
        const hubKeys = keysOf(hub)
        const target: [string, string][] =
          withTarget || day === null
            ? [
                [
                  hub,
                  hubKeys[
                    Math.min(hubKeys.length - 1, hubKeys.indexOf(components[0]?.[1] as string) + 2)
                  ] as string,
                ],
              ]
            : []
        const answer = evaluatePlan(
          dataset,
          {
            components,
            target,
            unknown,
            path: true,
            ...(day === null ? {} : { supportedOn: day.toISOString().slice(0, 10) }),
          },
          TODAY,
        )
        checkClaims(components, answer.steps ?? [], checked)
      },
    ),
    { numRuns: 200 },
  )
  assert.ok(checked.now > 0 && checked.later > 0 && checked.unknown > 0, JSON.stringify(checked))
})

/** Every pair each step's reason names, against the step's stack and a stack check. */
function checkClaims(
  components: readonly [string, string][],
  steps: readonly PlanStep[],
  checked: { now: number; later: number; unknown: number },
): void {
  let before: Record<string, string> = Object.fromEntries(components)
  steps.forEach((step, at) => {
    for (const claim of claimsOf(step)) {
      const where = `step ${at + 1} (${step.reason})`
      checked[claim.laterStep === null ? 'now' : 'later']++
      if (claim.says === 'unknown') checked.unknown++
      if (claim.laterStep === null) {
        assert.equal(before[claim.a], claim.versionA, `${claim.a} as it stands: ${where}`)
        assert.equal(before[claim.b], claim.versionB, `${claim.b} as it stands: ${where}`)
      } else {
        const later = steps[claim.laterStep - 1]
        assert.ok(later !== undefined && claim.laterStep > at + 1, `a later step: ${where}`)
        const other = later.component
        assert.ok(other === claim.a || other === claim.b, `the later step's component: ${where}`)
        const mover = other === claim.a ? claim.b : claim.a
        assert.equal(mover, step.component, where)
        assert.equal(other === claim.a ? claim.versionA : claim.versionB, later.to, where)
        assert.equal(mover === claim.a ? claim.versionA : claim.versionB, step.from, where)
      }
      const pairs = evaluateStack(dataset, {
        components: [
          [claim.a, claim.versionA],
          [claim.b, claim.versionB],
        ],
      }).pairs.filter((pair) => pair.project === claim.a && pair.dependency === claim.b)
      assert.equal(pairs.length, 1, `a stack of the two forms the pair: ${where}`)
      assert.equal(pairs[0]?.compatible, claim.says, `a stack check agrees: ${where}`)
      assert.equal(
        claim.rule,
        documentedRule(claim.a, claim.versionA, claim.b),
        `the ranges named are those of ${claim.a} ${claim.versionA}: ${where}`,
      )
    }
    before = step.stack
  })
}

/** A project's final-release keys, oldest first. */
function keysOf(name: string): string[] {
  const project = findProject(dataset, name)
  if (project === undefined) return []
  return project.versions
    .filter((version) => version.version.pre === null)
    .map((version) => version.key)
    .reverse()
}
