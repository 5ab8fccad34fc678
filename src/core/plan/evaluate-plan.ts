/**
 * What must move, and to what, for a target to hold (docs/api.md, "Plans"). The target's
 * versions replace (or join) the stack's; every other component that names a catalogued project
 * may stay or move up to a documented key. The answer is the acceptable plan that moves the
 * fewest components, then, comparing components in request order, the lowest key for the
 * first that differs.
 *
 * The search: components that cannot move are placed first; the others are tried in request
 * order, staying first and then their keys from the lowest up, with at most `k` moves for
 * k = 0, 1, 2, …: the first plan found is the answer. Forward checking (each option's conflicts
 * with what is placed, counted) cuts every branch where some component has no option left, or
 * more components must move than moves are left. Every pair is judged once per search. Past a
 * budget of steps the answer is `feasible: null`: a plan never hangs.
 */
import type { DependencyCheck } from '../check/check-result.ts'
import { didYouMean, projectNames } from '../check/describe-unknown.ts'
import { type CompiledEntry, type Dataset, findProject } from '../dataset/build-dataset.ts'
import { stackPair } from '../stack/evaluate-stack.ts'
import type { StackPair } from '../stack/stack-result.ts'
import {
  type Option,
  OutOfBudget,
  PairJudge,
  type Slot,
  slotOf,
  type UnknownPolicy,
} from './pair-judge.ts'
import type { Blocking, PlanChange, PlanResult } from './plan-result.ts'

export type { UnknownPolicy } from './pair-judge.ts'

export interface PlanRequest {
  /** Name and version, in request order; a name appears once. */
  readonly components: readonly (readonly [string, string])[]
  /** Name and the version it must have, in request order; at least one. */
  readonly target: readonly (readonly [string, string])[]
  readonly unknown: UnknownPolicy
}

/**
 * Steps the search may take (an option tried, a pair judged) before it gives up: at 32
 * components on the bundled data, well within 100 ms of CPU (docs/performance.md).
 */
export const PLAN_STEP_BUDGET = 200_000

/** @example evaluatePlan(dataset, { components: [['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']], target: [['kubernetes', '1.34']], unknown: 'block' }) */
export function evaluatePlan(
  dataset: Dataset,
  request: PlanRequest,
  budget = PLAN_STEP_BUDGET,
): PlanResult {
  const slots = slotsOf(dataset, request)
  const judge = new PairJudge(dataset, slots, request.unknown, budget)
  let chosen: number[] | null = null
  let failed: readonly Slot[] = []
  let feasible: boolean | null
  try {
    const searched = search(slots, judge)
    if ('assignment' in searched) chosen = searched.assignment
    else failed = searched.failed
    feasible = chosen !== null
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error
    feasible = null
  }
  // What follows judges at most every pair of the answer once more: bounded, and owed.
  judge.budget = Number.POSITIVE_INFINITY
  // Without a plan, the stack is shown as the target makes it, nothing moved.
  const assignment = chosen ?? slots.map(() => 0)
  const pairs = judge.pairsOf(assignment)
  const changes: PlanChange[] = []
  for (const slot of slots) {
    const option = slot.options[assignment[slot.index] as number] as Option
    if (option.moved) changes.push(describeMove(judge, slot, option, assignment))
  }
  const echo = (named: readonly (readonly [string, string])[]) => {
    const object: Record<string, string> = Object.create(null)
    for (const [name, version] of named) object[name] = version
    return object
  }
  const result: Record<string, string> = Object.create(null)
  for (const slot of slots) {
    result[slot.name] = (slot.options[assignment[slot.index] as number] as Option).version
  }
  const blocking = feasible === false ? blockingOf(slots, judge, failed) : null
  return {
    components: echo(request.components),
    target: echo(request.target),
    unknown: request.unknown,
    feasible,
    reason: summarizePlan(dataset, slots, feasible, changes, blocking, judge.steps),
    changes,
    result,
    pairs,
    ...(blocking === null ? {} : { blocking }),
  }
}

/**
 * The stack the target makes, in request order: each component a target names takes the
 * target's version (a target names a component by its name, or by another name of the same
 * catalogued project: `kubernetes` names `k8s`); target names that name no component follow.
 */
function slotsOf(dataset: Dataset, request: PlanRequest): Slot[] {
  const projectOf = (name: string) => findProject(dataset, name)?.document.id
  const targetOf = (name: string) =>
    request.target.find(
      ([targetName]) =>
        targetName === name ||
        (projectOf(name) !== undefined && projectOf(name) === projectOf(targetName)),
    )
  const named = request.components.map(([name, version]) => {
    const target = targetOf(name)
    return [name, target?.[1] ?? version, target !== undefined] as const
  })
  for (const [name, version] of request.target) {
    if (!request.components.some(([component]) => targetOf(component)?.[0] === name)) {
      named.push([name, version, true])
    }
  }
  return named.map(([name, sent, target], index) =>
    slotOf(dataset, index, name, sent, target, 'up'),
  )
}

/**
 * The option of every slot in the first acceptable plan (fewest moves, lowest keys); without
 * one, the group of movable slots no combination fits (empty when what cannot move conflicts).
 */
function search(
  slots: readonly Slot[],
  judge: PairJudge,
): { readonly assignment: number[] } | { readonly failed: readonly Slot[] } {
  const assignment: number[] = slots.map(() => -1)
  // Options still possible, each with how many placed options rule it out.
  const conflicts = slots.map((slot) =>
    slot.options.map((option) => (judge.usable(slot, option) ? 0 : 1)),
  )
  const fixed = slots.filter((slot) => slot.options.length === 1)
  const free = slots.filter((slot) => slot.options.length > 1)
  // The options worth trying, per slot: all of them until the fixed slots are placed.
  const candidates: number[][] = slots.map((slot) => slot.options.map((_, option) => option))
  for (const slot of fixed) {
    if (conflicts[slot.index]?.[0] !== 0 || !place(slot, 0)) return { failed: [] }
  }
  for (const slot of free) candidates[slot.index] = representatives(slot)

  /**
   * Staying, and of the keys still possible next to what cannot move, the lowest of each kind:
   * two keys that fit exactly the same options of every other movable slot are one choice for
   * the search, and the lower is the one a plan would take.
   */
  function representatives(slot: Slot): number[] {
    const counts = conflicts[slot.index] as number[]
    const neighbours = free.filter(
      (other) =>
        other !== slot &&
        (judge.documents(slot.index, other.index) || judge.documents(other.index, slot.index)),
    )
    const kept: number[] = [0]
    const seen = new Set<string>()
    for (let option = 1; option < slot.options.length; option++) {
      if (counts[option] !== 0) continue
      let signature = ''
      for (const other of neighbours) {
        const otherCounts = conflicts[other.index] as number[]
        for (let candidate = 0; candidate < other.options.length; candidate++) {
          if (otherCounts[candidate] !== 0) continue
          signature += judge.fits(slot, option, other, candidate) ? '1' : '0'
        }
        signature += '|'
      }
      if (seen.has(signature)) continue
      seen.add(signature)
      kept.push(option)
    }
    return kept
  }

  /** Places an option; false (and nothing placed) when a placed option rules it out. */
  function place(slot: Slot, option: number): boolean {
    for (const other of slots) {
      const placed = assignment[other.index] as number
      if (placed < 0 || other === slot) continue
      if (!judge.fits(slot, option, other, placed)) return false
    }
    assignment[slot.index] = option
    updateConflicts(slot, option, 1)
    return true
  }

  function remove(slot: Slot): void {
    updateConflicts(slot, assignment[slot.index] as number, -1)
    assignment[slot.index] = -1
  }

  function updateConflicts(slot: Slot, option: number, by: 1 | -1): void {
    for (const other of free) {
      if (assignment[other.index] !== -1 || other === slot) continue
      if (!judge.documents(slot.index, other.index) && !judge.documents(other.index, slot.index))
        continue
      const counts = conflicts[other.index] as number[]
      for (const candidate of candidates[other.index] as number[]) {
        if (!judge.fits(slot, option, other, candidate)) {
          counts[candidate] = (counts[candidate] as number) + by
        }
      }
    }
  }

  /** Whether every unplaced slot of `group` still has an option, within the moves left. */
  function stillPossible(group: readonly Slot[], from: number, movesLeft: number): boolean {
    let mustMove = 0
    for (let at = from; at < group.length; at++) {
      const index = (group[at] as Slot).index
      const counts = conflicts[index] as number[]
      if (counts[0] === 0) continue
      if (!(candidates[index] as number[]).some((option) => option > 0 && counts[option] === 0)) {
        return false
      }
      if (++mustMove > movesLeft) return false
    }
    return true
  }

  function extend(group: readonly Slot[], at: number, movesLeft: number): boolean {
    if (at === group.length) return true
    const slot = group[at] as Slot
    const counts = conflicts[slot.index] as number[]
    for (const option of candidates[slot.index] as number[]) {
      const cost = option === 0 ? 0 : 1
      if (cost > movesLeft || counts[option] !== 0) continue
      judge.spend()
      if (!place(slot, option)) continue
      if (
        stillPossible(group, at + 1, movesLeft - cost) &&
        extend(group, at + 1, movesLeft - cost)
      ) {
        return true
      }
      remove(slot)
    }
    return false
  }

  // Components that cannot document one another, directly or through others that move, are
  // planned apart: the fewest moves of the whole is the fewest of each part, and the lowest
  // keys of each part in request order are the lowest of the whole.
  //
  // Each group is first planned with as many moves as it has members: the lowest keys in
  // request order, whatever they move. No such plan, no plan at all; otherwise the plans with
  // fewer moves are looked for, fewest first, and the first found is the answer — or, when
  // there is none, the first plan is (the lowest of all plans is the lowest of those with its
  // number of moves).
  for (const group of groupsOf(free, judge)) {
    if (!(stillPossible(group, 0, group.length) && extend(group, 0, group.length))) {
      return { failed: group }
    }
    const first = group.map((slot) => assignment[slot.index] as number)
    const moved = first.filter((option) => option > 0).length
    // Taken back last placed first, so that every count of conflicts is undone as it was made.
    for (let at = group.length - 1; at >= 0; at--) remove(group[at] as Slot)
    let planned = false
    for (let moves = 0; moves < moved && !planned; moves++) {
      planned = stillPossible(group, 0, moves) && extend(group, 0, moves)
    }
    if (!planned) {
      group.forEach((slot, at) => {
        place(slot, first[at] as number)
      })
    }
  }
  return { assignment }
}

/** The movable slots in groups that document one another (in either direction), each in request order. */
function groupsOf(free: readonly Slot[], judge: PairJudge): Slot[][] {
  const group = new Map<Slot, number>()
  const groups: Slot[][] = []
  for (const start of free) {
    if (group.has(start)) continue
    const members = [start]
    group.set(start, groups.length)
    for (let at = 0; at < members.length; at++) {
      const slot = members[at] as Slot
      for (const other of free) {
        if (group.has(other)) continue
        if (judge.documents(slot.index, other.index) || judge.documents(other.index, slot.index)) {
          group.set(other, groups.length)
          members.push(other)
        }
      }
    }
    groups.push(members.sort((a, b) => a.index - b.index))
  }
  return groups
}

/** "At v1.27.1, cnpg documents kubernetes 1.31, 1.32, 1.33, not 1.34; 1.28 is the lowest …" */
function describeMove(
  judge: PairJudge,
  slot: Slot,
  option: Option,
  assignment: readonly number[],
): PlanChange {
  const failures: string[] = []
  const stay = slot.options[0] as Option
  if (!judge.usable(slot, stay)) {
    failures.push(`no documented key of ${slot.project?.document.name} covers it`)
  }
  for (const other of judge.slots) {
    if (other === slot) continue
    const placed = assignment[other.index] as number
    for (const [a, optionA, b, optionB] of [
      [slot, 0, other, placed],
      [other, placed, slot, 0],
    ] as const) {
      if (judge.fits(a, optionA, b, optionB)) continue
      const judged = judge.check(a, optionA, b, optionB)
      if (judged !== null)
        failures.push(describeFailure(a, optionA, b, optionB, judged, a === slot))
    }
  }
  const why = failures.length === 0 ? 'the rest of the plan needs it to move' : failures.join('; ')
  return {
    component: slot.name,
    from: slot.sent,
    to: option.version,
    reason: `At ${slot.sent}, ${why}; ${option.version} is the lowest documented key above ${slot.sent} that fits the rest of the plan.`,
  }
}

/** `cnpg v1.27.1 documents kubernetes 1.31, 1.32, 1.33, not 1.34` (without the version when it was said). */
function describeFailure(
  a: Slot,
  optionA: number,
  b: Slot,
  optionB: number,
  { check, entry }: { check: DependencyCheck; entry: CompiledEntry },
  versionSaid = false,
): string {
  const documented = [
    ...entry.entry.ranges,
    ...(entry.entry.constraints ?? []).map((constraint) => constraint.type),
  ]
  const versionA = (a.options[optionA] as Option).version
  const versionB = (b.options[optionB] as Option).version
  const rule = documented.length === 0 ? 'no range' : documented.join(', ')
  const subject = versionSaid ? a.name : `${a.name} ${versionA}`
  const named = entry.key === b.name ? entry.key : `${b.name} (as ${entry.key})`
  return check.compatible === 'incompatible'
    ? `${subject} documents ${named} ${rule}, not ${versionB}`
    : `${subject} cannot decide ${b.name} ${versionB} (${rule})`
}

/**
 * Why no plan exists: each component none of whose options fits what cannot move, with the
 * pairs that rule out its newest option. When each alone could fit but no combination of a
 * group does, each member of that group with the pairs that rule out its newest key against
 * what cannot move and the group's other members at their newest keys: even moving all of
 * them as far as the evidence goes does not fit.
 */
function blockingOf(slots: readonly Slot[], judge: PairJudge, failed: readonly Slot[]): Blocking[] {
  const fixed = slots.filter((slot) => slot.options.length === 1)
  const newest = (slot: Slot) => slot.options.length - 1
  const blockedBy = (slot: Slot, others: readonly Slot[]) => {
    const pairs: StackPair[] = []
    for (const other of others) {
      if (other === slot) continue
      for (const [a, b] of [
        [slot, other],
        [other, slot],
      ] as const) {
        const optionA = newest(a)
        const optionB = newest(b)
        if (judge.fits(a, optionA, b, optionB)) continue
        const judged = judge.check(a, optionA, b, optionB)
        if (judged === null) continue
        const versionA = (a.options[optionA] as Option).version
        const versionB = (b.options[optionB] as Option).version
        pairs.push(stackPair(a.name, versionA, b.name, versionB, judged.entry.key, judged.check))
      }
    }
    return pairs
  }
  const unsatisfiable = slots.filter(
    (slot) =>
      !slot.options.some(
        (option, at) =>
          judge.usable(slot, option) &&
          fixed.every((other) => other === slot || judge.fits(slot, at, other, 0)),
      ),
  )
  if (unsatisfiable.length > 0) {
    return unsatisfiable.map((slot) => ({ component: slot.name, pairs: blockedBy(slot, fixed) }))
  }
  return failed.map((slot) => ({
    component: slot.name,
    pairs: blockedBy(slot, [...fixed, ...failed]),
  }))
}

function summarizePlan(
  dataset: Dataset,
  slots: readonly Slot[],
  feasible: boolean | null,
  changes: readonly PlanChange[],
  blocking: readonly Blocking[] | null,
  steps: number,
): string {
  const targets = slots.filter((slot) => slot.target).map((slot) => `${slot.name} ${slot.sent}`)
  const goal = targets.join(', ')
  const uncatalogued = slots
    .filter((slot) => slot.project === undefined)
    .map(
      (slot) =>
        `"${slot.name}"${didYouMean(slot.name, projectNames(dataset)).replace(/^ Did you mean (.*)\?$/, ' (did you mean $1?)')}`,
    )
  const note =
    uncatalogued.length === 0
      ? ''
      : ` Not catalogued as projects, so they stay as they are: ${uncatalogued.join(', ')}.`
  if (feasible === null) {
    return `The search stopped after ${steps} steps without deciding whether ${goal} can hold; try fewer components, or move some yourself and ask again.${note}`
  }
  if (!feasible) {
    const unresolved = slots
      .filter(
        (slot) =>
          slot.options.length === 1 &&
          slot.project !== undefined &&
          (slot.options[0] as Option).found === null,
      )
      .map((slot) => `${slot.name} ${slot.sent} resolves to no documented key`)
    const blocked = (blocking ?? [])
      .filter((entry) => entry.pairs.length > 0)
      .map((entry) => entry.component)
    const why = [
      ...unresolved,
      ...(blocked.length === 0 ? [] : [`the pairs in blocking rule out ${blocked.join(', ')}`]),
    ]
    return `No plan makes ${goal} hold with the evidence${why.length === 0 ? '' : `: ${why.join('; ')}`}.${note}`
  }
  if (changes.length === 0) return `${goal} holds with nothing else moved.${note}`
  const moves = changes.map((change) => `${change.component} ${change.from} → ${change.to}`)
  return `${goal} holds when ${changes.length === 1 ? '1 component moves' : `${changes.length} components move`}: ${moves.join(', ')}.${note}`
}
