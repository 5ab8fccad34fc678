/**
 * An upgrade path (docs/api.md, "Plans", "Upgrade paths"): from the stack as sent to a stack
 * that meets the target (and `supportedOn`) and is acceptable as a plan's is, one hop of one
 * component per step, no step breaking a pair that was acceptable in the starting stack. The
 * fewest steps; then the final stack a plan would prefer; then, at the first step where two
 * paths differ, the lower component in request order, then the lower key.
 *
 * Components that never move are placed first: what they rule out, on the way and at the end,
 * is struck from the others' options. Groups of components that never document one another are
 * searched apart (`findGroupPath`) and their steps merged, the lower component first at each
 * step: their steps never touch a common pair, so any order of them is as safe, and this one is
 * the order the tie-break prefers.
 */
import type { Dataset } from '../dataset/build-dataset.ts'
import type { StackPair } from '../stack/stack-result.ts'
import { describeUpgradeRule } from '../upgrades/allows-hop.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { blockingOf } from './blocking-of.ts'
import { describeStep } from './describe-step.ts'
import { failuresAt, failuresOfStaying } from './failures-of-staying.ts'
import { findGroupPath, type Step } from './find-group-path.ts'
import { type Option, OutOfBudget, PairJudge, type Slot } from './pair-judge.ts'
import { PairReach } from './pair-reach.ts'
import { type PathSlot, pathSlots } from './path-slots.ts'
import { echoOf } from './plan-echo.ts'
import type { PlanRequest } from './plan-request.ts'
import type { Blocking, PlanChange, PlanResult, PlanStep } from './plan-result.ts'
import { goalOf, notesOf, whyNot } from './plan-sentences.ts'
import { plannedComponents } from './plan-slots.ts'
import { planLanding } from './plan-support.ts'
import { groupsOf } from './preferred-plan.ts'
import type { KeyPreference } from './stack-search.ts'
import { stepNotes } from './step-notes.ts'
import { supportedOrFree } from './support-on-day.ts'

/** @example evaluatePath(dataset, { components: [['kubernetes', '1.31']], target: [['kubernetes', '1.34']], unknown: 'block', path: true }, '2026-11-28', 400_000) */
export function evaluatePath(
  dataset: Dataset,
  request: PlanRequest,
  today: string,
  budget: number,
): PlanResult {
  const slots = pathSlots(dataset, plannedComponents(dataset, request))
  const judge = new PairJudge(dataset, slots, request.unknown, budget)
  const day = request.supportedOn
  let outcome: Outcome
  try {
    outcome = searchPath(judge, slots, day, request.prefer ?? 'lowest')
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error
    outcome = { kind: 'stopped' }
  }
  // What follows judges the pairs of the answer: bounded, and owed.
  judge.budget = Number.POSITIVE_INFINITY
  const made = slots.map((slot) => (slot.goal === null ? 0 : slot.options.length - 1))
  const final = outcome.kind === 'found' ? outcome.final : made
  const steps = outcome.kind === 'found' ? outcome.steps : []
  const planSteps = planStepsOf(judge, slots, steps, final, day)
  const changes = outcome.kind === 'found' ? changesOf(judge, slots, steps, final, day) : []
  const feasible = outcome.kind === 'found' ? true : outcome.kind === 'stopped' ? null : false
  const blocking = outcome.kind === 'blocked' ? outcome.blocking : null
  const result: Record<string, string> = Object.create(null)
  for (const slot of slots) result[slot.name] = versionAt(slot, final[slot.index] as number) ?? ''
  return {
    ...echoOf(request),
    feasible,
    reason: summarizePath(dataset, slots, request, outcome, planSteps, judge.steps),
    changes,
    result,
    pairs: judge.pairsOf(final),
    steps: planSteps,
    ...(blocking === null ? {} : { blocking: [...blocking] }),
    ...planLanding(dataset, result, day ?? today),
  }
}

type Outcome =
  | { readonly kind: 'found'; readonly steps: readonly Step[]; readonly final: readonly number[] }
  | { readonly kind: 'blocked'; readonly blocking: readonly Blocking[] }
  | { readonly kind: 'stopped' }

function searchPath(
  judge: PairJudge,
  slots: readonly PathSlot[],
  day: string | undefined,
  prefer: KeyPreference,
): Outcome {
  const { onTheWay, fixed, moving, unary, passable, finals } = pathRules(judge, slots, day)
  const noFinal = () => ({
    kind: 'blocked' as const,
    blocking: blockingOf(slots, judge, unary, moving.length > 0 ? failedGroup() : [], day),
  })
  // The group no final stack fits, for blockingOf: the first whose search fails.
  let failedMembers: readonly Slot[] = []
  const failedGroup = () => failedMembers
  if (fixed.some((slot) => (finals[slot.index] as number[]).length === 0)) return noFinal()
  const reach = new PairReach(judge, onTheWay, passable)
  const found: { steps: readonly Step[]; final: readonly number[]; group: readonly PathSlot[] }[] =
    []
  for (const group of groupsOf(moving, judge) as PathSlot[][]) {
    const searched = findGroupPath({ judge, group, finals, passable, onTheWay, reach, prefer })
    if ('steps' in searched) {
      found.push({ ...searched, group })
      continue
    }
    if (searched.blocked === 'final') {
      failedMembers = group
      return noFinal()
    }
    if (searched.blocked === 'rule') {
      const stoppedByRule = searched.slots.filter((slot) => !reachableByHops(slot, finals))
      if (stoppedByRule.length > 0) {
        return { kind: 'blocked', blocking: stoppedByRule.map((slot) => ruleBlocking(slot)) }
      }
    }
    // Final stacks exist, but none is reached without breaking a pair on the way: the pairs
    // each member's first hop would break.
    failedMembers = group
    return { kind: 'blocked', blocking: pairsInTheWay(judge, slots, group, finals, onTheWay) }
  }
  const final = slots.map(() => 0)
  for (const { group, final: options } of found) {
    group.forEach((slot, position) => {
      final[slot.index] = options[position] as number
    })
  }
  return { kind: 'found', steps: mergeSteps(found.map(({ steps }) => steps)), final }
}

/** Each step: what moves from what to what and why, the stack after it, its pairs, its notes. */
function planStepsOf(
  judge: PairJudge,
  slots: readonly PathSlot[],
  steps: readonly Step[],
  final: readonly number[],
  day: string | undefined,
): PlanStep[] {
  const stacks: number[][] = []
  const state = slots.map(() => 0)
  for (const [index, option] of steps) {
    state[index] = option
    stacks.push([...state])
  }
  const failuresBefore = (slot: PathSlot, option: number, stack: readonly number[]) =>
    failuresAt(judge, slot, option, stack, day)
  const context = { judge, slots, steps, stacks, final, failuresBefore }
  const planSteps: PlanStep[] = steps.map(([index, option], at) => ({
    component: (slots[index] as PathSlot).name,
    from: versionAt(slots[index] as PathSlot, at === 0 ? 0 : (stacks[at - 1]?.[index] as number)),
    to: ((slots[index] as PathSlot).options[option] as Option).version,
    reason: describeStep(context, at),
    stack: stackObject(slots, stacks[at] as number[]),
    pairs: pairsInvolving(judge, stacks[at] as number[], index),
    notes: [] as PlanStep['notes'],
  }))
  // What to read before each step: the notes of the keys it passes over or lands on.
  for (const [at, step] of planSteps.entries()) {
    const slot = slots[(steps[at] as Step)[0]] as PathSlot
    step.notes = stepNotes(slot.project?.document, step.from, step.to)
  }
  return planSteps
}

/** As in a plan: the moves of components other than the targets, whose versions were given. */
function changesOf(
  judge: PairJudge,
  slots: readonly PathSlot[],
  steps: readonly Step[],
  final: readonly number[],
  day: string | undefined,
): PlanChange[] {
  const changes: PlanChange[] = []
  for (const slot of slots) {
    const option = final[slot.index] as number
    if (option === 0 || slot.goal !== null) continue
    changes.push(describeChange(judge, slot, steps, final, day))
  }
  return changes
}

/**
 * What the search of a path may do: which pairs may be crossed on the way (a pair already
 * unacceptable in the stack as sent may stay so, not at the end), which slots move, and the
 * options each may pass through and end at.
 */
function pathRules(judge: PairJudge, slots: readonly PathSlot[], day: string | undefined) {
  // A pair already unacceptable in the stack as sent may stay so on the way (not at the end).
  const count = slots.length
  const broken = new Uint8Array(count * count)
  for (const a of slots) {
    for (const b of slots) {
      if (a !== b && !judge.accepts(a, 0, b, 0)) broken[a.index * count + b.index] = 1
    }
  }
  const onTheWay = (a: Slot, optionA: number, b: Slot, optionB: number) =>
    (broken[a.index * count + b.index] === 1 || judge.accepts(a, optionA, b, optionB)) &&
    (broken[b.index * count + a.index] === 1 || judge.accepts(b, optionB, a, optionA))
  const fixed = slots.filter((slot) => slot.options.length === 1)
  const moving = slots.filter((slot) => slot.options.length > 1)
  // What each slot may end at by the plan's own rules: usable, supported on the day, a
  // target at its target.
  const unary = slots.map((slot) =>
    slot.options.flatMap((option, at) =>
      judge.usable(slot, option) &&
      supportedOrFree(slot, option, day) &&
      (slot.goal === null || at === slot.options.length - 1)
        ? [at]
        : [],
    ),
  )
  const passable = slots.map((slot) => {
    const held = new Uint8Array(slot.options.length)
    slot.options.forEach((_, option) => {
      held[option] =
        option === 0 || fixed.every((other) => other === slot || onTheWay(slot, option, other, 0))
          ? 1
          : 0
    })
    return held
  })
  const finals = slots.map((slot) =>
    (unary[slot.index] as number[]).filter(
      (option) =>
        passable[slot.index]?.[option] === 1 &&
        fixed.every((other) => other === slot || judge.fits(slot, option, other, 0)),
    ),
  )
  return { onTheWay, fixed, moving, unary, passable, finals }
}

/** Steps of independent groups, merged: at each step, the lowest next step of any group. */
function mergeSteps(paths: readonly (readonly Step[])[]): Step[] {
  const at = paths.map(() => 0)
  const merged: Step[] = []
  for (;;) {
    let best = -1
    paths.forEach((path, which) => {
      const next = path[at[which] as number]
      if (next === undefined) return
      const current = best < 0 ? undefined : paths[best]?.[at[best] as number]
      if (
        current === undefined ||
        next[0] < current[0] ||
        (next[0] === current[0] && next[1] < current[1])
      ) {
        best = which
      }
    })
    if (best < 0) return merged
    merged.push(paths[best]?.[at[best] as number] as Step)
    at[best] = (at[best] as number) + 1
  }
}

/** Whether hops alone (pairs aside) lead from the slot's start to an option it may end at. */
function reachableByHops(slot: PathSlot, finals: readonly (readonly number[])[]): boolean {
  const reached = slot.options.map((_, option) => option === 0)
  for (let option = 1; option < slot.options.length; option++) {
    for (let from = slot.lowestFrom[option] as number; from < option; from++) {
      if (reached[from]) reached[option] = true
    }
  }
  return (finals[slot.index] as readonly number[]).some((option) => reached[option])
}

function ruleBlocking(slot: PathSlot): Blocking {
  const sent = slot.sent
  const goal = slot.goal
  const from = parseVersion(sent)
  const to = goal === null ? null : parseVersion(goal)
  const below = from !== null && to !== null && compareVersions(to, from) < 0
  const rule =
    goal !== null && (below || from === null || to === null)
      ? `hops only go up, and ${goal} is not above ${sent} by the version ordering`
      : slot.rule === undefined
        ? `no documented key leads up from ${sent} to a version the rest of the stack fits`
        : `${describeUpgradeRule(slot.rule)}: no chain of documented keys leads from ${sent} to ${goal ?? 'a version the rest of the stack fits'} that way`
  return { component: slot.name, pairs: [], rule }
}

/**
 * For each member of a group with no safe path, the pairs its first hop towards a version it
 * may end at would break against the others as they start, and the pairs the others' first
 * hops would break against it.
 */
function pairsInTheWay(
  judge: PairJudge,
  slots: readonly PathSlot[],
  group: readonly PathSlot[],
  finals: readonly (readonly number[])[],
  onTheWay: (a: Slot, optionA: number, b: Slot, optionB: number) => boolean,
): Blocking[] {
  const firstHop = (slot: PathSlot): number | null => {
    const ends = finals[slot.index] as readonly number[]
    if (ends.includes(0)) return null
    for (let option = 1; option < slot.options.length; option++) {
      if (slot.lowestFrom[option] === 0) return option
    }
    return null
  }
  return group.flatMap((slot) => {
    const pairs: StackPair[] = []
    for (const other of slots) {
      if (other === slot) continue
      const mine = firstHop(slot)
      const theirs = firstHop(other as PathSlot)
      for (const [optionA, optionB] of [
        [mine, 0],
        [0, group.includes(other) ? theirs : null],
      ] as const) {
        if (optionA === null || optionB === null || onTheWay(slot, optionA, other, optionB))
          continue
        for (const [a, i, b, j] of [
          [slot, optionA, other, optionB],
          [other, optionB, slot, optionA],
        ] as const) {
          if (judge.accepts(a, i, b, j)) continue
          const pair = judge.pair(a, i, b, j)
          if (pair !== null) pairs.push(pair)
        }
      }
    }
    return pairs.length === 0 ? [] : [{ component: slot.name, pairs }]
  })
}

function versionAt(slot: PathSlot, option: number): string | null {
  const chosen = slot.options[option] as Option
  return chosen.absent === true ? null : chosen.version
}

function stackObject(
  slots: readonly PathSlot[],
  options: readonly number[],
): Record<string, string> {
  const stack: Record<string, string> = Object.create(null)
  for (const slot of slots) {
    const version = versionAt(slot, options[slot.index] as number)
    if (version !== null) stack[slot.name] = version
  }
  return stack
}

/** The pairs of a stack that involve one slot, ordered as a stack orders its pairs. */
function pairsInvolving(judge: PairJudge, options: readonly number[], index: number): StackPair[] {
  const pairs: StackPair[] = []
  for (const a of judge.slots) {
    for (const b of judge.slots) {
      if (a === b || (a.index !== index && b.index !== index)) continue
      if (!judge.documents(a.index, b.index)) continue
      const pair = judge.pair(a, options[a.index] as number, b, options[b.index] as number)
      if (pair !== null) pairs.push(pair)
    }
  }
  return pairs
}

/** A net move of a path: its steps, and why the version as sent could not stay. */
function describeChange(
  judge: PairJudge,
  slot: PathSlot,
  steps: readonly Step[],
  final: readonly number[],
  day: string | undefined,
): PlanChange {
  const mine = steps.flatMap(([index, option], at) => (index === slot.index ? [[at, option]] : []))
  const chain = [
    slot.sent,
    ...mine.map(([, option]) => (slot.options[option as number] as Option).version),
  ]
  const numbers = mine.map(([at]) => (at as number) + 1).join(', ')
  const stepsText = `${mine.length === 1 ? 'Step' : 'Steps'} ${numbers}: ${chain.join(' → ')}`
  const to = (slot.options[final[slot.index] as number] as Option).version
  const failures = failuresOfStaying(judge, slot, final, day)
  const why =
    failures.length === 0 ? 'the steps of the others need it to move' : failures.join('; ')
  return {
    component: slot.name,
    from: slot.sent,
    to,
    reason: `${stepsText}. At ${slot.sent}, ${why}.`,
  }
}

function summarizePath(
  dataset: Dataset,
  slots: readonly PathSlot[],
  request: PlanRequest,
  outcome: Outcome,
  steps: readonly PlanStep[],
  work: number,
): string {
  const day = request.supportedOn
  const goal = goalOf(slots, day)
  const note = notesOf(dataset, slots, day)
  if (outcome.kind === 'stopped') {
    return `The search stopped after ${work} steps of work without deciding whether ${goal} can be reached one safe step at a time; try fewer components, or move some yourself and ask again.${note}`
  }
  if (outcome.kind === 'blocked') {
    return `No path of safe steps reaches ${goal}${whyNot(slots, outcome.blocking)}.${note}`
  }
  const count = `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`
  const moves = steps.map((step) => `${step.component} ${step.from ?? '(joins)'} → ${step.to}`)
  if (request.target.length === 0) {
    const lead = `Every component with lifecycle data is supported on ${day}`
    if (steps.length === 0) return `${lead} as the stack is.${note}`
    return `${lead} after ${count}, none breaking a pair that worked: ${moves.join(', ')}.${note}`
  }
  if (steps.length === 0) return `${goal} holds with nothing moved.${note}`
  return `${goal} is reached in ${count}, none breaking a pair that worked: ${moves.join(', ')}.${note}`
}
