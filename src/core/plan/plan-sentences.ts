/** The parts of a plan's reason that a plan and a path share (docs/api.md, "Plans"). */
import { didYouMean, projectNames } from '../check/describe-unknown.ts'
import type { Dataset } from '../dataset/build-dataset.ts'
import type { Option, Slot } from './pair-judge.ts'
import type { Blocking } from './plan-result.ts'

/** "kubernetes 1.34", "kubernetes 1.34 with every component supported on 2027-06-30" */
export function goalOf(slots: readonly Slot[], day: string | undefined): string {
  // A target's version: the slot's own in a plan, the last option of a path's slot.
  const targets = slots
    .filter((slot) => slot.target)
    .map((slot) => `${slot.name} ${(slot.options.at(-1) as Option).version}`)
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
        (slot.options.length === 1 || slot.target) &&
        slot.project !== undefined &&
        (slot.options.at(-1) as Option).found === null,
    )
    .map(
      (slot) =>
        `${slot.name} ${(slot.options.at(-1) as Option).version} is covered by nothing documented`,
    )
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
