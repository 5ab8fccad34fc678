/**
 * The components of an upgrade path as slots (docs/api.md, "Plans", "Upgrade paths"): each
 * starts at its version as sent (option 0) and may hop up through documented keys; a target
 * hops through the keys between its version and the target's, and its last hop lands on the
 * version the target names; a target name the stack lacks starts absent and joins at its
 * target in one step.
 */
import type { Dataset } from '../dataset/build-dataset.ts'
import type { Upgrades } from '../dataset/schema.ts'
import { allowsHop } from '../upgrades/allows-hop.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { keysAbove, type Option, optionOf, type Slot } from './pair-judge.ts'
import type { PlannedComponent } from './plan-slots.ts'

export interface PathSlot extends Slot {
  /** The version its target names; null when it is no target. */
  readonly goal: string | null
  /** Its project's upgrade rule, when it documents one. */
  readonly rule: Upgrades | undefined
  /**
   * Per option, the lowest option from which one hop lands on it (the option itself when
   * none does): option `j` hops to `i` exactly when `lowestFrom[i] <= j < i`. Every rule
   * allows a contiguous run below a key — the same major within one minor, within one major,
   * or above the last stop — so a bound says it all.
   */
  readonly lowestFrom: readonly number[]
}

/** The slots of a path, in the order of `plannedComponents`. */
export function pathSlots(dataset: Dataset, planned: readonly PlannedComponent[]): PathSlot[] {
  return planned.map((component, index) => pathSlotOf(dataset, index, component))
}

function pathSlotOf(dataset: Dataset, index: number, component: PlannedComponent): PathSlot {
  const { name, sent, target } = component
  const slot = pathOptions(dataset, name, sent, target)
  const rule = slot.project?.document.upgrades
  const parsed = slot.options.map((option) =>
    option.absent === true ? null : parseVersion(option.version),
  )
  const lowestFrom = slot.options.map((option, at) => {
    if (at === 0) return 0
    // Joining: from absent, in one step.
    if (slot.options[0]?.absent === true) return option.absent === true ? at : 0
    const to = parsed[at]
    let lowest = at
    while (lowest > 0) {
      const from = parsed[lowest - 1]
      if (from == null || to == null || !allowsHop(rule, from, to)) break
      lowest--
    }
    return lowest
  })
  return {
    index,
    name,
    sent: sent ?? (target as string),
    project: slot.project,
    target: target !== null,
    options: slot.options,
    goal: target,
    rule,
    lowestFrom,
  }
}

function pathOptions(
  dataset: Dataset,
  name: string,
  sent: string | null,
  target: string | null,
): Pick<Slot, 'project' | 'options'> {
  const project = dataset.projects.get(name) ?? dataset.aliases.get(name)
  if (sent === null) {
    const absent: Option = { version: '', moved: false, found: null, absent: true }
    return { project, options: [absent, optionOf(dataset, project, target as string, false)] }
  }
  const options: Option[] = [optionOf(dataset, project, sent, false)]
  const current = parseVersion(sent)
  if (target === null) {
    if (project !== undefined && current !== null) {
      for (const key of keysAbove(project, current))
        options.push(optionOf(dataset, project, key, true))
    }
    return { project, options }
  }
  if (target === sent) return { project, options }
  const goal = parseVersion(target)
  // A target the component already has, by the version ordering, takes no step.
  if (current !== null && goal !== null && compareVersions(goal, current) === 0) {
    return { project, options }
  }
  if (project !== undefined && current !== null && goal !== null) {
    for (const key of keysAbove(project, current)) {
      const version = parseVersion(key)
      if (version !== null && compareVersions(version, goal) < 0) {
        options.push(optionOf(dataset, project, key, true))
      }
    }
  }
  // Last, the target itself: below the version as sent, no hop reaches it.
  options.push(optionOf(dataset, project, target, false))
  return { project, options }
}
