/**
 * The shortest upgrade path of a group of components that document one another (docs/api.md,
 * "Plans", "Upgrade paths"): one hop of one component per step, no step breaking a pair that
 * was acceptable at the start, ending at an acceptable stack.
 *
 * Which path: the fewest steps; then the final stack a plan would prefer (fewest moved, then
 * lowest keys in request order, or newest with `prefer: newest`); then, at the first step where two paths differ, the lower
 * component (request order), then the lower key. So the search goes by the number of steps
 * D = the least any final stack needs, then one more, …: at each D, the final stacks that could
 * be reached in D steps (each component's hops to its final key add up to at most D) are taken
 * in the order a plan prefers (`StackSearch.inOrder`), and for each, a depth-first search tries
 * the steps in the order of the tie-break: the first path it finds is the answer.
 *
 * What keeps it small:
 * - final stacks in which two neighbours cannot be reached together are left out before any
 *   path is looked for (`PairReach`);
 * - a branch is cut when the hops each component still needs to reach its final key exceed the
 *   steps left;
 * - of two consecutive steps of components that never document one another, only the order
 *   with the lower component first is tried: either order makes the same stacks, and the lower
 *   first is the one the tie-break prefers;
 * - a stack found not to lead to the final stack within the steps left is remembered, and
 *   never searched again with as few steps left (or ever, when no bound cut the search).
 */
import type { PairJudge } from './pair-judge.ts'
import type { PairReach } from './pair-reach.ts'
import type { PathSlot } from './path-slots.ts'
import { type KeyPreference, StackSearch } from './stack-search.ts'

/** One step: the slot (its index in the whole plan) and the option it hops to. */
export type Step = readonly [slot: number, option: number]

export type GroupPath =
  | { readonly steps: readonly Step[]; readonly final: readonly number[] }
  /** No final stack is acceptable at all (the plan's own blocking says why). */
  | { readonly blocked: 'final' }
  /** Final stacks exist, but none can be reached by hops from where the slots start. */
  | { readonly blocked: 'rule'; readonly slots: readonly PathSlot[] }
  /** Final stacks can be reached one by one, but not without breaking a pair on the way. */
  | { readonly blocked: 'pairs' }

export interface GroupPathInput {
  readonly judge: PairJudge
  /** The group, in request order. */
  readonly group: readonly PathSlot[]
  /** Per slot index: the options it may end at (the plan's rules, before hops are counted). */
  readonly finals: readonly (readonly number[])[]
  /** Per slot index, per option: whether it may be held on the way (next to what never moves). */
  readonly passable: readonly Uint8Array[]
  /** Whether a step of `a` to `optionA` may stand next to `b` at `optionB`. */
  readonly onTheWay: (a: PathSlot, optionA: number, b: PathSlot, optionB: number) => boolean
  readonly reach: PairReach
  /** Which final stack of as many steps and moves is preferred: lowest keys, or newest. */
  readonly prefer: KeyPreference
}

const NONE = Number.POSITIVE_INFINITY

export function findGroupPath(input: GroupPathInput): GroupPath {
  const { judge, group, finals, passable, reach } = input
  // Hops from the start to each option, through options that may be held on the way.
  const costs = group.map((slot) => hopsFromStart(slot, passable[slot.index] as Uint8Array))
  const domains = group.map((slot, position) =>
    (finals[slot.index] as readonly number[]).filter(
      (option) => (costs[position] as number[])[option] !== NONE,
    ),
  )
  if (group.some((slot) => (finals[slot.index] as readonly number[]).length === 0)) {
    return { blocked: 'final' }
  }
  const stopped = group.filter((_, position) => (domains[position] as number[]).length === 0)
  if (stopped.length > 0) return { blocked: 'rule', slots: stopped }
  const search = new StackSearch(
    judge,
    group,
    domains,
    (a, optionA, b, optionB) => reach.reachable(a as PathSlot, optionA, b as PathSlot, optionB),
    input.prefer,
  )
  if (!search.prune()) return { blocked: 'pairs' }
  const cost = (position: number, option: number) => (costs[position] as number[])[option] as number
  const pruned = group.map((_, position) => search.domain(position))
  const least = pruned.reduce(
    (sum, options, position) => sum + Math.min(...options.map((option) => cost(position, option))),
    0,
  )
  const most = pruned.reduce(
    (sum, options, position) => sum + Math.max(...options.map((option) => cost(position, option))),
    0,
  )
  // The longest a path can be: every slot through every option it has.
  const longest = group.reduce((sum, slot) => sum + slot.options.length - 1, 0)
  const walker = new Walker(input)
  const dead = new Set<string>()
  for (let steps = least; steps <= longest; steps++) {
    let alive = false
    for (const final of search.inOrder(cost, steps)) {
      const key = final.join(',')
      if (dead.has(key)) continue
      alive = true
      const found = walker.walk(final, steps)
      if (found === 'dead') dead.add(key)
      else if (found !== 'longer') return { steps: found, final }
    }
    if (!alive && steps >= most) break
  }
  return { blocked: 'pairs' }
}

/** Hops from option 0 to each option (NONE: unreachable), through options held on the way. */
function hopsFromStart(slot: PathSlot, passable: Uint8Array): number[] {
  const hops = slot.options.map(() => NONE)
  hops[0] = 0
  for (let option = 1; option < slot.options.length; option++) {
    if (passable[option] !== 1) continue
    let best = NONE
    for (let from = slot.lowestFrom[option] as number; from < option; from++) {
      best = Math.min(best, (hops[from] as number) + 1)
    }
    hops[option] = best
  }
  return hops
}

/** Hops from each option to `to` (NONE: unreachable), through options held on the way. */
function hopsTo(slot: PathSlot, passable: Uint8Array, to: number): number[] {
  const hops = slot.options.map(() => NONE)
  hops[to] = 0
  for (let option = to - 1; option >= 0; option--) {
    if (option > 0 && passable[option] !== 1) continue
    let best = NONE
    for (let next = option + 1; next <= to; next++) {
      if ((slot.lowestFrom[next] as number) <= option) {
        best = Math.min(best, (hops[next] as number) + 1)
      }
    }
    hops[option] = best
  }
  return hops
}

/** The depth-first search for a path to one final stack within a number of steps. */
class Walker {
  readonly #input: GroupPathInput
  readonly #group: readonly PathSlot[]
  /** Per position, the positions of the slots it never documents nor is documented by. */
  readonly #independent: boolean[][]
  /** Per position, its neighbours' positions. */
  readonly #neighbours: number[][]
  /** Per final stack, the stacks (with the last slot moved) known not to lead to it. */
  readonly #failed = new Map<string, Map<string, number>>()
  /** Per slot position and final option, hops from each option to it. */
  readonly #hopsTo = new Map<number, number[]>()

  constructor(input: GroupPathInput) {
    this.#input = input
    this.#group = input.group
    const { judge } = input
    const linked = (a: PathSlot, b: PathSlot) =>
      judge.documents(a.index, b.index) || judge.documents(b.index, a.index)
    this.#independent = this.#group.map((a) => this.#group.map((b) => a !== b && !linked(a, b)))
    this.#neighbours = this.#group.map((a) =>
      this.#group.flatMap((b, position) => (a !== b && linked(a, b) ? [position] : [])),
    )
  }

  /**
   * The steps to `final` within `limit` steps, lowest first by the tie-break; 'longer' when
   * more steps might still reach it, 'dead' when none ever will.
   */
  walk(final: readonly number[], limit: number): Step[] | 'longer' | 'dead' {
    const { judge, passable } = this.#input
    const group = this.#group
    const current = group.map(() => 0)
    const distance = group.map((slot, position) => this.#distanceTo(slot, position, final))
    const key = final.join(',')
    let failed = this.#failed.get(key)
    if (failed === undefined) {
      failed = new Map()
      this.#failed.set(key, failed)
    }
    const memory = failed
    const path: Step[] = []
    let cut = false
    const left = () =>
      current.reduce(
        (sum, option, position) => sum + ((distance[position] as number[])[option] as number),
        0,
      )
    const visit = (taken: number, last: number, needed: number): boolean => {
      if (needed === 0) return true
      judge.spend()
      if (taken + needed > limit) {
        cut = true
        return false
      }
      const state = `${String.fromCharCode(...current)}|${last}`
      const known = memory.get(state)
      if (known !== undefined && limit - taken <= known) {
        if (known !== NONE) cut = true
        return false
      }
      const cutBefore = cut
      cut = false
      for (let position = 0; position < group.length; position++) {
        if (last >= 0 && position < last && (this.#independent[position] as boolean[])[last]) {
          continue
        }
        const slot = group[position] as PathSlot
        const from = current[position] as number
        const to = final[position] as number
        const hops = distance[position] as number[]
        const held = passable[slot.index] as Uint8Array
        for (let option = from + 1; option <= to; option++) {
          if ((slot.lowestFrom[option] as number) > from || held[option] !== 1) continue
          const after = needed - (hops[from] as number) + (hops[option] as number)
          if (hops[option] === NONE) continue
          if (taken + 1 + after > limit) {
            cut = true
            continue
          }
          if (!this.#stands(position, option, current)) continue
          current[position] = option
          path.push([slot.index, option])
          if (visit(taken + 1, position, after)) return true
          path.pop()
          current[position] = from
        }
      }
      memory.set(state, cut ? limit - taken : NONE)
      cut = cut || cutBefore
      return false
    }
    if (visit(0, -1, left())) return path
    return cut ? 'longer' : 'dead'
  }

  /** Whether the slot at `position`, moved to `option`, may stand next to its neighbours as they are. */
  #stands(position: number, option: number, current: readonly number[]): boolean {
    const { judge, onTheWay } = this.#input
    const slot = this.#group[position] as PathSlot
    for (const other of this.#neighbours[position] as number[]) {
      judge.spend()
      if (!onTheWay(slot, option, this.#group[other] as PathSlot, current[other] as number)) {
        return false
      }
    }
    return true
  }

  #distanceTo(slot: PathSlot, position: number, final: readonly number[]): number[] {
    const to = final[position] as number
    const id = position * 65_536 + to
    let hops = this.#hopsTo.get(id)
    if (hops === undefined) {
      this.#input.judge.spend(slot.options.length)
      hops = hopsTo(slot, this.#input.passable[slot.index] as Uint8Array, to)
      this.#hopsTo.set(id, hops)
    }
    return hops
  }
}
