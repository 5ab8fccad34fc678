/**
 * The plan itself (docs/api.md, "Plans"): of the stacks whose every pair is acceptable, the one
 * that moves the fewest components, then, comparing components in request order, the lowest
 * key for the first that differs (staying first; with `prefer: newest`, the newest key).
 *
 * Components with one option left (targets, names no project answers to, a version that may
 * only stay) are placed first, and the options of the others that do not fit them are struck
 * out. Components that cannot document one another, directly or through others that move, are
 * planned apart: the fewest moves of the whole is the fewest of each part, and the lowest keys
 * of each part in request order are the lowest of the whole. Each part is searched by
 * `StackSearch`.
 */
import type { PairJudge, Slot } from './pair-judge.ts'
import { type KeyPreference, StackSearch } from './stack-search.ts'

/**
 * The option of every slot in the plan; without one, the slots no combination fits: a group
 * of movable slots, or none when what cannot move already conflicts (`blockingOf` says which).
 * `domains[slot.index]` are the options each slot may end at, ascending.
 */
export function preferredPlan(
  slots: readonly Slot[],
  judge: PairJudge,
  domains: readonly (readonly number[])[],
  prefer: KeyPreference = 'lowest',
): { readonly assignment: number[] } | { readonly failed: readonly Slot[] } {
  const assignment = slots.map(() => 0)
  const fixed = slots.filter((slot) => domains[slot.index]?.length === 1)
  if (slots.some((slot) => domains[slot.index]?.length === 0)) return { failed: [] }
  for (const slot of fixed) {
    const option = domains[slot.index]?.[0] as number
    assignment[slot.index] = option
    for (const other of fixed) {
      if (other.index >= slot.index) break
      judge.spend()
      if (!judge.fits(slot, option, other, assignment[other.index] as number)) return { failed: [] }
    }
  }
  const free = slots.filter((slot) => (domains[slot.index]?.length ?? 0) > 1)
  const pruned = new Map<Slot, number[]>()
  for (const slot of free) {
    const kept = (domains[slot.index] as readonly number[]).filter((option) =>
      fixed.every((other) => {
        judge.spend()
        return judge.fits(slot, option, other, assignment[other.index] as number)
      }),
    )
    if (kept.length === 0) return { failed: [] }
    pruned.set(slot, kept)
  }
  for (const group of groupsOf(free, judge)) {
    const search = new StackSearch(
      judge,
      group,
      group.map((slot) => pruned.get(slot) as number[]),
      undefined,
      prefer,
    )
    const preferred = search.prune() ? search.preferred() : null
    if (preferred === null) return { failed: group }
    group.forEach((slot, position) => {
      assignment[slot.index] = preferred[position] as number
    })
  }
  return { assignment }
}

/** The slots in groups that document one another (in either direction), each in request order. */
export function groupsOf(slots: readonly Slot[], judge: PairJudge): Slot[][] {
  const group = new Map<Slot, number>()
  const groups: Slot[][] = []
  for (const start of slots) {
    if (group.has(start)) continue
    const members = [start]
    group.set(start, groups.length)
    for (let at = 0; at < members.length; at++) {
      const slot = members[at] as Slot
      for (const other of slots) {
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
