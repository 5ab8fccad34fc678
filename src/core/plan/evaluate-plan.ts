/**
 * What must move, and to what, for a target to hold (docs/api.md, "Plans"). The target's
 * versions replace (or join) the stack's; every other component that names a catalogued project
 * may stay or move up to a documented key; with `supportedOn`, every component with lifecycle
 * data must end at a line still supported on that day. The answer is the acceptable plan that
 * moves the fewest components, then, comparing components in request order, the lowest key for
 * the first that differs (`lowestPlan`). With `path`, the steps that get there one safe hop at a
 * time (`evaluatePath`). Past a budget of work the answer is `feasible: null`: a plan never
 * hangs.
 */
import type { DependencyCheck } from '../check/check-result.ts'
import { didYouMean, projectNames } from '../check/describe-unknown.ts'
import type { CompiledEntry, Dataset } from '../dataset/build-dataset.ts'
import type { StackPair } from '../stack/stack-result.ts'
import { lowestPlan } from './lowest-plan.ts'
import { type Option, OutOfBudget, PairJudge, type Slot, slotOf } from './pair-judge.ts'
import type { PlanRequest } from './plan-request.ts'
import type { Blocking, PlanChange, PlanResult } from './plan-result.ts'
import { plannedComponents } from './plan-slots.ts'
import { supportOnDay } from './support-on-day.ts'

export type { UnknownPolicy } from './pair-judge.ts'
export type { PlanRequest } from './plan-request.ts'

/**
 * Steps the search may take (an option tried, a verdict judged, a pair looked up) before it
 * gives up: at 32 components on the bundled data, well within 100 ms of CPU
 * (docs/performance.md).
 */
export const PLAN_STEP_BUDGET = 400_000

/** @example evaluatePlan(dataset, { components: [['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']], target: [['kubernetes', '1.34']], unknown: 'block' }) */
export function evaluatePlan(
  dataset: Dataset,
  request: PlanRequest,
  budget = PLAN_STEP_BUDGET,
): PlanResult {
  const slots = plannedComponents(dataset, request).map((component, index) =>
    slotOf(
      dataset,
      index,
      component.name,
      component.target ?? (component.sent as string),
      component.target !== null,
      'up',
    ),
  )
  const judge = new PairJudge(dataset, slots, request.unknown, budget)
  const day = request.supportedOn
  const domains = slots.map((slot) =>
    slot.options.flatMap((option, at) =>
      judge.usable(slot, option) && supportedOrFree(slot, option, day) ? [at] : [],
    ),
  )
  let chosen: number[] | null = null
  let failed: readonly Slot[] = []
  let feasible: boolean | null
  try {
    const searched = lowestPlan(slots, judge, domains)
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
  const changes: PlanChange[] = []
  for (const slot of slots) {
    const option = slot.options[assignment[slot.index] as number] as Option
    if (option.moved) changes.push(describeMove(judge, slot, option, assignment, day))
  }
  const result: Record<string, string> = Object.create(null)
  for (const slot of slots) {
    result[slot.name] = (slot.options[assignment[slot.index] as number] as Option).version
  }
  const blocking = feasible === false ? blockingOf(slots, judge, domains, failed, day) : null
  return {
    ...echoOf(request),
    feasible,
    reason: summarizePlan(dataset, slots, request, feasible, changes, blocking, judge.steps),
    changes,
    result,
    pairs: judge.pairsOf(assignment),
    ...(blocking === null ? {} : { blocking }),
  }
}

/** The request as the answer echoes it: `path` and `supportedOn` only when they were sent. */
export function echoOf(
  request: PlanRequest,
): Pick<PlanResult, 'components' | 'target' | 'unknown' | 'path' | 'supportedOn'> {
  const echo = (named: readonly (readonly [string, string])[]) => {
    const object: Record<string, string> = Object.create(null)
    for (const [name, version] of named) object[name] = version
    return object
  }
  return {
    components: echo(request.components),
    target: echo(request.target),
    unknown: request.unknown,
    ...(request.path === undefined ? {} : { path: request.path }),
    ...(request.supportedOn === undefined ? {} : { supportedOn: request.supportedOn }),
  }
}

/** Whether an option may end a plan asked to be supported on `day` (always, without a day). */
export function supportedOrFree(slot: Slot, option: Option, day: string | undefined): boolean {
  if (day === undefined || option.absent === true) return true
  return supportOnDay(slot.project, option.version, day)?.supported ?? true
}

/** "At v1.27.1, cnpg documents kubernetes 1.31, 1.32, 1.33, not 1.34; 1.28 is the lowest …" */
function describeMove(
  judge: PairJudge,
  slot: Slot,
  option: Option,
  assignment: readonly number[],
  day: string | undefined,
): PlanChange {
  const failures = failuresOfStaying(judge, slot, assignment, day)
  const why = failures.length === 0 ? 'the rest of the plan needs it to move' : failures.join('; ')
  return {
    component: slot.name,
    from: slot.sent,
    to: option.version,
    reason: `At ${slot.sent}, ${why}; ${option.version} is the lowest documented key above ${slot.sent} that fits the rest of the plan.`,
  }
}

/** What rules out a slot's first option (as sent) against the others as assigned. */
export function failuresOfStaying(
  judge: PairJudge,
  slot: Slot,
  assignment: readonly number[],
  day: string | undefined,
): string[] {
  const failures: string[] = []
  const stay = slot.options[0] as Option
  if (!judge.usable(slot, stay)) {
    failures.push(`no documented key of ${slot.project?.document.name} covers it`)
  }
  if (day !== undefined) {
    const support = supportOnDay(slot.project, stay.version, day)
    if (support !== null && !support.supported) failures.push(describeSupport(slot, support, day))
  }
  for (const other of judge.slots) {
    if (other === slot) continue
    const placed = assignment[other.index] as number
    for (const [a, optionA, b, optionB] of [
      [slot, 0, other, placed],
      [other, placed, slot, 0],
    ] as const) {
      if (judge.accepts(a, optionA, b, optionB)) continue
      const judged = judge.check(a, optionA, b, optionB)
      if (judged !== null)
        failures.push(describeFailure(a, optionA, b, optionB, judged, a === slot))
    }
  }
  return failures
}

/** "its 1.31 line is end-of-life on 2027-06-30" */
export function describeSupport(
  slot: Slot,
  support: { readonly line: string | null; readonly status: string },
  day: string,
): string {
  return support.line === null
    ? `no release line of ${slot.project?.document.name}'s lifecycle covers it, so it is not known to be supported on ${day}`
    : `its ${support.line} line is ${support.status} on ${day}`
}

/** `cnpg v1.27.1 documents kubernetes 1.31, 1.32, 1.33, not 1.34` (without the version when it was said). */
export function describeFailure(
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
 * pairs that rule out its newest option (or, with `supportedOn`, that none of its options is
 * supported on the day). When each alone could fit but no combination of a group does, each
 * member of that group with the pairs that rule out its newest key against what cannot move
 * and the group's other members at their newest keys: even moving all of them as far as the
 * evidence goes does not fit.
 */
export function blockingOf(
  slots: readonly Slot[],
  judge: PairJudge,
  domains: readonly (readonly number[])[],
  failed: readonly Slot[],
  day: string | undefined,
): Blocking[] {
  const domainOf = (slot: Slot) => domains[slot.index] as readonly number[]
  const fixed = slots.filter((slot) => domainOf(slot).length === 1)
  const newest = (slot: Slot) => domainOf(slot).at(-1) ?? slot.options.length - 1
  const blockedBy = (slot: Slot, others: readonly Slot[]) => {
    const pairs: StackPair[] = []
    for (const other of others) {
      if (other === slot) continue
      for (const [a, b] of [
        [slot, other],
        [other, slot],
      ] as const) {
        if (judge.accepts(a, newest(a), b, newest(b))) continue
        const pair = judge.pair(a, newest(a), b, newest(b))
        if (pair !== null) pairs.push(pair)
      }
    }
    return pairs
  }
  const unsupported = (slot: Slot): Blocking | null => {
    if (day === undefined || domainOf(slot).length > 0) return null
    const usable = slot.options.filter((option) => judge.usable(slot, option))
    if (usable.length === 0) return null
    const last = usable.at(-1) as Option
    const support = supportOnDay(slot.project, last.version, day)
    if (support === null) return null
    const lowest = usable.length === 1 ? `${last.version}` : `any of its keys up to ${last.version}`
    return {
      component: slot.name,
      pairs: [],
      support: `${slot.name} ${lowest} is not supported on ${day}: ${describeSupport(slot, support, day).replace(/^its/, `the newest, ${last.version}, is in the`)}`,
    }
  }
  const unsatisfiable = slots.filter(
    (slot) =>
      !domainOf(slot).some((at) =>
        fixed.every((other) => other === slot || judge.fits(slot, at, other, newest(other))),
      ),
  )
  if (unsatisfiable.length > 0) {
    return unsatisfiable.map(
      (slot) => unsupported(slot) ?? { component: slot.name, pairs: blockedBy(slot, fixed) },
    )
  }
  return failed.map((slot) => ({
    component: slot.name,
    pairs: blockedBy(slot, [...fixed, ...failed]),
  }))
}

/** "kubernetes 1.34", "kubernetes 1.34 with every component supported on 2027-06-30" */
export function goalOf(slots: readonly Slot[], day: string | undefined): string {
  const targets = slots.filter((slot) => slot.target).map((slot) => `${slot.name} ${slot.sent}`)
  const supported = day === undefined ? '' : `every component supported on ${day}`
  if (targets.length === 0) return supported
  return `${targets.join(', ')}${supported === '' ? '' : ` with ${supported}`}`
}

/** The sentences a plan's reason ends with: names no project answers to, and components no day holds. */
export function notesOf(dataset: Dataset, slots: readonly Slot[], day: string | undefined): string {
  const uncatalogued = slots
    .filter((slot) => slot.project === undefined)
    .map(
      (slot) =>
        `"${slot.name}"${didYouMean(slot.name, projectNames(dataset)).replace(/^ Did you mean (.*)\?$/, ' (did you mean $1?)')}`,
    )
  const withoutLifecycle =
    day === undefined
      ? []
      : slots
          .filter(
            (slot) => slot.project !== undefined && slot.project.document.lifecycle === undefined,
          )
          .map((slot) => slot.name)
  return [
    uncatalogued.length === 0
      ? ''
      : ` Not catalogued as projects, so they stay as they are: ${uncatalogued.join(', ')}.`,
    withoutLifecycle.length === 0
      ? ''
      : ` Without lifecycle data, so not held to ${day}: ${withoutLifecycle.join(', ')}.`,
  ].join('')
}

/** Why no plan: versions that resolve to no key, and the components blocking names. */
export function whyNot(slots: readonly Slot[], blocking: readonly Blocking[] | null): string {
  const unresolved = slots
    .filter(
      (slot) =>
        slot.options.length === 1 &&
        slot.project !== undefined &&
        (slot.options[0] as Option).found === null,
    )
    .map((slot) => `${slot.name} ${slot.sent} resolves to no documented key`)
  const entries = blocking ?? []
  const unsupported = entries.flatMap((entry) =>
    entry.support === undefined ? [] : [entry.support],
  )
  const ruled = entries.flatMap((entry) => (entry.rule === undefined ? [] : [entry.component]))
  const blocked = entries.filter((entry) => entry.pairs.length > 0).map((entry) => entry.component)
  const why = [
    ...unresolved,
    ...unsupported,
    ...(ruled.length === 0 ? [] : [`the upgrade rules of ${ruled.join(', ')} stop them`]),
    ...(blocked.length === 0 ? [] : [`the pairs in blocking rule out ${blocked.join(', ')}`]),
  ]
  return why.length === 0 ? '' : `: ${why.join('; ')}`
}

function summarizePlan(
  dataset: Dataset,
  slots: readonly Slot[],
  request: PlanRequest,
  feasible: boolean | null,
  changes: readonly PlanChange[],
  blocking: readonly Blocking[] | null,
  steps: number,
): string {
  const day = request.supportedOn
  const goal = goalOf(slots, day)
  const note = notesOf(dataset, slots, day)
  if (feasible === null) {
    return `The search stopped after ${steps} steps without deciding whether ${goal} can hold; try fewer components, or move some yourself and ask again.${note}`
  }
  if (!feasible)
    return `No plan makes ${goal} hold with the evidence${whyNot(slots, blocking)}.${note}`
  const moves = `${changes.length === 1 ? '1 component moves' : `${changes.length} components move`}: ${changes.map((change) => `${change.component} ${change.from} → ${change.to}`).join(', ')}`
  if (request.target.length === 0) {
    const lead = `Every component with lifecycle data is supported on ${day}`
    return `${lead} ${changes.length === 0 ? 'as the stack is' : `when ${moves}`}.${note}`
  }
  return `${goal} holds ${changes.length === 0 ? 'with nothing else moved' : `when ${moves}`}.${note}`
}
