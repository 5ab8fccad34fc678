/**
 * Why a step of an upgrade path comes where it does, in words (docs/api.md, "Plans", "Upgrade
 * paths"): a step is taken just before a later step needs it, or on the way to a target, or
 * for the final stack.
 */
import type { DependencyCheck } from '../check/check-result.ts'
import type { CompiledEntry } from '../dataset/build-dataset.ts'
import { describeUpgradeRule } from '../upgrades/allows-hop.ts'
import type { Step } from './find-group-path.ts'
import type { Option, PairJudge } from './pair-judge.ts'
import type { PathSlot } from './path-slots.ts'

export interface StepContext {
  readonly judge: PairJudge
  readonly slots: readonly PathSlot[]
  readonly steps: readonly Step[]
  /** Per step, each slot's option after it. */
  readonly stacks: readonly (readonly number[])[]
  readonly final: readonly number[]
  /**
   * Why the slot cannot stay at an option, against the others as they stand in a stack (the
   * step's own: a move no later step explains names only pairs of that step's stack).
   */
  readonly failuresBefore: (
    slot: PathSlot,
    option: number,
    stack: readonly number[],
  ) => readonly string[]
}

/**
 * @example "cert-manager first: at 1.15 it documents kubernetes 1.29, 1.30, 1.31, 1.32, not 1.33, and kubernetes moves to 1.33 in step 3."
 */
export function describeStep(context: StepContext, at: number): string {
  const { slots, steps, stacks, final } = context
  const [index, option] = steps[at] as Step
  const slot = slots[index] as PathSlot
  const before = at === 0 ? slots.map(() => 0) : (stacks[at - 1] as readonly number[])
  const from = before[index] as number
  const to = (slot.options[option] as Option).version
  const later = laterSteps(steps, at, index)
  const onward = later.length === 0 ? '' : `; it moves on in step ${(later[0] as number) + 1}`
  if ((slot.options[from] as Option).absent === true) {
    return `${slot.name} joins the stack at its target ${to}.`
  }
  if (slot.goal !== null) {
    const how =
      slot.rule === undefined
        ? 'one hop'
        : `${describeUpgradeRule(slot.rule)}, as its upgrade rule says`
    return option === slot.options.length - 1
      ? `${slot.name} reaches its target ${to} (${how}).`
      : `${slot.name} moves towards its target ${slot.goal}: ${to} first (${how}).`
  }
  const needed = neededBy(context, at, index, from)
  if (needed !== null) return `${slot.name} first: ${needed}${onward}.`
  const finalOption = final[index] as number
  if (option !== finalOption) {
    return `${slot.name} moves to ${to} on its way to ${(slot.options[finalOption] as Option).version}, which fits the final stack${onward}.`
  }
  const failures = context.failuresBefore(slot, from, before)
  const why = failures.length === 0 ? 'the final stack needs it' : failures.join('; ')
  return `${slot.name} moves to ${to}: at ${(slot.options[from] as Option).version}, ${why}.`
}

/** The later steps of the same slot, by position in the path. */
function laterSteps(steps: readonly Step[], at: number, index: number): number[] {
  const later: number[] = []
  for (let next = at + 1; next < steps.length; next++) {
    if ((steps[next] as Step)[0] === index) later.push(next)
  }
  return later
}

/**
 * The first later step of another component that the slot, left at its old option, would not
 * stand next to, in words: "at 1.15 it documents kubernetes 1.29, …, not 1.33, and kubernetes
 * moves to 1.33 in step 3". Null when none is.
 */
function neededBy(context: StepContext, at: number, index: number, from: number): string | null {
  const { judge, slots, steps } = context
  const slot = slots[index] as PathSlot
  const fromVersion = (slot.options[from] as Option).version
  for (let next = at + 1; next < steps.length; next++) {
    const [otherIndex, otherOption] = steps[next] as Step
    if (otherIndex === index) continue
    const other = slots[otherIndex] as PathSlot
    const otherVersion = (other.options[otherOption] as Option).version
    const moves = `${other.name} ${
      (
        other.options[
          (context.stacks[next - 1] as readonly number[])[otherIndex] as number
        ] as Option
      ).absent === true
        ? 'joins at'
        : 'moves to'
    } ${otherVersion} in step ${next + 1}`
    if (!judge.accepts(slot, from, other, otherOption)) {
      const judged = judge.check(slot, from, other, otherOption)
      if (judged !== null) {
        return `at ${fromVersion} it ${documentsText(judged, other.name, otherVersion)}, and ${moves}`
      }
    }
    if (!judge.accepts(other, otherOption, slot, from)) {
      const judged = judge.check(other, otherOption, slot, from)
      if (judged !== null) {
        return `${other.name} ${otherVersion} ${documentsText(judged, slot.name, fromVersion)}, and ${moves}`
      }
    }
  }
  return null
}

/** "documents kubernetes 1.29, 1.30, not 1.33", or "has no evidence either way for kubernetes 1.33 (documented: no range)" */
function documentsText(
  { check, entry }: { check: DependencyCheck; entry: CompiledEntry },
  name: string,
  version: string,
): string {
  const documented = [
    ...entry.entry.ranges,
    ...(entry.entry.constraints ?? []).map((constraint) => constraint.type),
  ]
  const rule = documented.length === 0 ? 'no range' : documented.join(', ')
  const named = entry.key === name ? name : `${name} (as ${entry.key})`
  return check.compatible === 'incompatible'
    ? `documents ${named} ${rule}, not ${version}`
    : `has no evidence either way for ${named} ${version} (documented: ${rule})`
}
