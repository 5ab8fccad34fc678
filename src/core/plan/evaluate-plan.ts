/**
 * What must move, and to what, for a target to hold (docs/api.md, "Plans"). The target's
 * versions replace (or join) the stack's; every other component that names a catalogued project
 * may stay or move up to a documented key; with `supportedOn`, every component with lifecycle
 * data must end at a line still supported on that day. The answer is the acceptable plan that
 * moves the fewest components, then, comparing components in request order, the lowest key for
 * the first that differs, or the newest with `prefer: newest` (`preferredPlan`). With `path`, the steps that get there one safe hop at a
 * time (`evaluatePath`). Past a budget of work the answer is `feasible: null`: a plan never
 * hangs.
 */
import type { Dataset } from '../dataset/build-dataset.ts'
import { blockingOf } from './blocking-of.ts'
import { evaluatePath } from './evaluate-path.ts'
import { failuresOfStaying } from './failures-of-staying.ts'
import { type Option, OutOfBudget, PairJudge, type Slot, slotOf } from './pair-judge.ts'
import { echoOf } from './plan-echo.ts'
import type { PlanRequest } from './plan-request.ts'
import type { Blocking, PlanChange, PlanResult } from './plan-result.ts'
import { goalOf, notesOf, whyNot } from './plan-sentences.ts'
import { plannedComponents } from './plan-slots.ts'
import { planLanding } from './plan-support.ts'
import { preferredPlan } from './preferred-plan.ts'
import type { KeyPreference } from './stack-search.ts'
import { supportedOrFree } from './support-on-day.ts'

export type { UnknownPolicy } from './pair-judge.ts'
export type { PlanRequest } from './plan-request.ts'

/**
 * Steps the search may take (an option tried, a verdict judged, a pair looked up) before it
 * gives up: at 32 components on the bundled data, well within 100 ms of CPU
 * (docs/performance.md).
 */
export const PLAN_STEP_BUDGET = 400_000

/**
 * `today` (a UTC date) is the day the result's support is judged on when `supportedOn` is not
 * asked.
 *
 * @example evaluatePlan(dataset, { components: [['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']], target: [['kubernetes', '1.34']], unknown: 'block' }, '2026-11-28')
 */
export function evaluatePlan(
  dataset: Dataset,
  request: PlanRequest,
  today: string,
  budget = PLAN_STEP_BUDGET,
): PlanResult {
  if (request.path === true) return evaluatePath(dataset, request, today, budget)
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
    const searched = preferredPlan(slots, judge, domains, request.prefer)
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
    if (option.moved) {
      changes.push(describeMove(judge, slot, option, assignment, day, request.prefer))
    }
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
    ...planLanding(dataset, result, day ?? today),
  }
}

/** "At v1.27.1, cnpg documents kubernetes 1.31, 1.32, 1.33, not 1.34; 1.28 is the lowest …" */
function describeMove(
  judge: PairJudge,
  slot: Slot,
  option: Option,
  assignment: readonly number[],
  day: string | undefined,
  prefer: KeyPreference = 'lowest',
): PlanChange {
  const failures = failuresOfStaying(judge, slot, assignment, day)
  const why = failures.length === 0 ? 'the rest of the plan needs it to move' : failures.join('; ')
  return {
    component: slot.name,
    from: slot.sent,
    to: option.version,
    reason: `At ${slot.sent}, ${why}; ${option.version} is the ${prefer} documented version above ${slot.sent} that fits the rest of the plan.`,
  }
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
