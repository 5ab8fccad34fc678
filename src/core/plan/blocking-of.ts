/** Why no plan exists, component by component (docs/api.md, "Plans": `blocking`). */
import type { StackPair } from '../stack/stack-result.ts'
import type { PairJudge, Slot } from './pair-judge.ts'
import type { Blocking } from './plan-result.ts'
import { supportOnDay } from './support-on-day.ts'
import { supportRemedy } from './support-remedy.ts'

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
  // With a day, a component whose every version it may end at (usable; a target's own only)
  // is past its support: the day, not a pair, rules it out.
  const unsupported = (slot: Slot): Blocking | null => {
    if (day === undefined || domainOf(slot).length > 0) return null
    const usable = slot.options.filter(
      (option, at) =>
        judge.usable(slot, option) && (!slot.target || at === slot.options.length - 1),
    )
    const last = usable.at(-1)
    if (last === undefined) return null
    const support = supportOnDay(slot.project, last.version, day)
    if (support === null) return null
    const standing =
      support.line === null
        ? `no release line of its lifecycle covers ${last.version}`
        : `the ${support.line} line is ${support.status} then`
    const which =
      usable.length === 1
        ? `${slot.name} ${last.version} is not supported on ${day} (${standing})`
        : `no version ${slot.name} may move to is supported on ${day} (the newest, ${last.version}: ${standing})`
    const lifecycle = slot.project?.document.lifecycle
    const remedy =
      lifecycle === undefined
        ? null
        : supportRemedy(
            lifecycle,
            usable.map((option) => option.version),
            day,
            slot.target ? slot.name : null,
          )
    return {
      component: slot.name,
      pairs: [],
      support: remedy === null ? which : `${which}; ${remedy}`,
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
