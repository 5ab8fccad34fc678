/**
 * The search for a stack every pair of which is acceptable, over components that document one
 * another (docs/api.md, "Plans", "The search, and its budget"): each component may take one
 * option of its domain; option 0 is staying, any other moves it. Of the acceptable stacks it
 * finds the one that moves the fewest components, then, comparing components in the order
 * given, the lowest option (staying, then the lowest key; or, preferring the newest, staying,
 * then the newest key); or lists them in that order.
 *
 * Two searches work together:
 * - the fewest moves (`fewestMoves`): branch and bound that decides first the component with
 *   the most undecided neighbours (a platform many components document), so that one choice
 *   settles its neighbours; bounded below by the components that can no longer stay, and by
 *   pairs of neighbours that cannot both stay;
 * - the preferred stack with that many moves: components in the order given, options in the
 *   order preferred, each kept when the first search says the rest can still be completed within the
 *   moves — so it never backtracks more than one option.
 * Both keep every pair arc consistent as they go (an option stays only while each neighbour
 * has an option it fits): one choice removes what it rules out from every domain before the
 * next is made, and a domain left empty ends the branch at once.
 */
import type { PairJudge, Slot } from './pair-judge.ts'

/** A further condition on two options of neighbours (a path's: both can be reached together). */
export type PairCondition = (a: Slot, optionA: number, b: Slot, optionB: number) => boolean

/**
 * Which key a moved component lands on, among stacks with as few moves (docs/api.md, "Plans"):
 * the lowest, or the newest. Staying is preferred to moving either way.
 */
export type KeyPreference = 'lowest' | 'newest'

export class StackSearch {
  readonly #judge: PairJudge
  readonly #slots: readonly Slot[]
  readonly #extra: PairCondition | undefined
  readonly #prefer: KeyPreference
  /** Per slot (by position here), whether each of its options is still possible. */
  readonly #alive: Uint8Array[]
  readonly #size: number[]
  /** Per slot, the positions of its neighbours: slots one of which documents the other. */
  readonly #neighbours: number[][]
  /** Per arc (x * count + y), per option of x: the option of y that last supported it. */
  readonly #residues: Int32Array[]
  /** Removed options, as position then option, to be put back on backtracking. */
  readonly #trail: number[] = []

  /**
   * `slots` in the order of preference (request order); `domains[position]` the options each
   * may take, ascending. The domains are taken as they are: unary conditions (a version no key
   * covers, support on a day) are the caller's. `prefer` orders the stacks of as many moves.
   */
  constructor(
    judge: PairJudge,
    slots: readonly Slot[],
    domains: readonly (readonly number[])[],
    extra?: PairCondition,
    prefer: KeyPreference = 'lowest',
  ) {
    this.#judge = judge
    this.#slots = slots
    this.#extra = extra
    this.#prefer = prefer
    this.#alive = slots.map((slot, position) => {
      const alive = new Uint8Array(slot.options.length)
      for (const option of domains[position] ?? []) alive[option] = 1
      return alive
    })
    this.#size = slots.map((_, position) => (domains[position] ?? []).length)
    this.#neighbours = slots.map((slot) =>
      slots.flatMap((other, position) =>
        other !== slot &&
        (judge.documents(slot.index, other.index) || judge.documents(other.index, slot.index))
          ? [position]
          : [],
      ),
    )
    this.#residues = []
    slots.forEach((slot, x) => {
      for (const y of this.#neighbours[x] as number[]) {
        this.#residues[x * slots.length + y] = new Int32Array(slot.options.length).fill(-1)
      }
    })
  }

  /** The options still possible for the slot at a position, ascending. */
  domain(position: number): number[] {
    const alive = this.#alive[position] as Uint8Array
    const options: number[] = []
    for (let option = 0; option < alive.length; option++)
      if (alive[option] === 1) options.push(option)
    return options
  }

  /** Those options in the order preferred: staying, then the keys lowest (or newest) first. */
  #preferred(position: number): number[] {
    const options = this.domain(position)
    if (this.#prefer === 'lowest' || options.length < 2) return options
    const moves = options[0] === 0 ? options.slice(1) : options
    return [...(options[0] === 0 ? [0] : []), ...moves.reverse()]
  }

  /**
   * Removes every option that some neighbour has no option to fit (arc consistency); false
   * when a domain is left empty. Call once before searching.
   */
  prune(): boolean {
    if (this.#size.some((size) => size === 0)) return false
    return this.#propagate(this.#slots.map((_, position) => position))
  }

  /**
   * The fewest moves of a stack that fits, as the domains stand (after `prune`); `bound` when
   * none has fewer than `bound` moves.
   */
  fewestMoves(bound = Number.POSITIVE_INFINITY): number {
    return this.#fewest(
      this.#slots.map((_, position) => position),
      bound,
    )
  }

  /**
   * The fewest of `members` that move in a stack that fits, or `bound` when none has fewer.
   * Members no longer linked through undecided slots are independent: each part's fewest is
   * found on its own and the parts add up (searching them together would try every choice of
   * one part again for every choice of the other). Within a part, the most connected undecided
   * slot is decided first; of its options, two that fit exactly the same options of every
   * undecided neighbour are the same choice, and only the first is tried.
   */
  #fewest(members: readonly number[], bound: number): number {
    let lower = 0
    let moved = 0
    const undecided: number[] = []
    for (const x of members) {
      const stays = (this.#alive[x] as Uint8Array)[0] === 1
      if (!stays) lower++
      if ((this.#size[x] as number) > 1) undecided.push(x)
      else if (!stays) moved++
    }
    lower += this.#conflictingStays(undecided)
    if (lower >= bound) return bound
    if (undecided.length === 0) return moved
    const parts = this.#parts(undecided)
    if (parts.length > 1) {
      const lowers = parts.map(
        (part) =>
          part.filter((x) => (this.#alive[x] as Uint8Array)[0] !== 1).length +
          this.#conflictingStays(part),
      )
      let total = moved
      let rest = lowers.reduce((sum, part) => sum + part, 0)
      for (let at = 0; at < parts.length; at++) {
        rest -= lowers[at] as number
        const fewest = this.#fewest(parts[at] as number[], bound - total - rest)
        if (fewest >= bound - total - rest) return bound
        total += fewest
      }
      return total
    }
    const x = this.#mostConnected(undecided)
    const neighbours = (this.#neighbours[x] as number[]).filter(
      (y) => (this.#size[y] as number) > 1,
    )
    const tried = new Set<string>()
    let best = bound
    for (const option of this.domain(x)) {
      // Staying and moving count differently: only moves are told apart by what they fit.
      if (option !== 0) {
        const signature = this.#signature(x, option, neighbours)
        if (tried.has(signature)) continue
        tried.add(signature)
      }
      const mark = this.#trail.length
      if (this.#assign(x, option)) best = this.#fewest(members, best)
      this.#undo(mark)
      if (best <= lower) break
    }
    return best
  }

  /** Which options of each neighbour an option fits, as text: equal texts are one choice. */
  #signature(x: number, option: number, neighbours: readonly number[]): string {
    const slot = this.#slots[x] as Slot
    let signature = ''
    for (const y of neighbours) {
      const alive = this.#alive[y] as Uint8Array
      const other = this.#slots[y] as Slot
      this.#judge.spend(alive.length)
      for (let candidate = 0; candidate < alive.length; candidate++) {
        if (alive[candidate] !== 1) continue
        signature += this.#fits(slot, option, other, candidate) ? '1' : '0'
      }
      signature += '|'
    }
    return signature
  }

  /** The undecided slots in parts linked by neighbours among them. */
  #parts(undecided: readonly number[]): number[][] {
    const part = new Map<number, number>()
    const parts: number[][] = []
    for (const start of undecided) {
      if (part.has(start)) continue
      const members = [start]
      part.set(start, parts.length)
      for (let at = 0; at < members.length; at++) {
        for (const y of this.#neighbours[members[at] as number] as number[]) {
          if (part.has(y) || (this.#size[y] as number) <= 1) continue
          part.set(y, parts.length)
          members.push(y)
        }
      }
      parts.push(members)
    }
    return parts
  }

  /**
   * The preferred stack (in the order given, staying first, then keys lowest or newest first)
   * of those with the fewest moves, as the option of each slot by position; null when no stack
   * fits. The domains are left as that stack.
   */
  preferred(): number[] | null {
    const moves = this.fewestMoves()
    if (moves === Number.POSITIVE_INFINITY) return null
    return this.#preferredWithin(moves)
  }

  /**
   * Every stack that fits, the fewest moves first, then as preferred, while the caller keeps
   * asking; `cost`, when given, skips the stacks whose summed cost exceeds `maxCost` (a
   * bound that also cuts the search). The domains are as they were between stacks.
   */
  *inOrder(
    cost?: (position: number, option: number) => number,
    maxCost = Number.POSITIVE_INFINITY,
  ): Generator<number[]> {
    const fewest = this.fewestMoves()
    if (fewest === Number.POSITIVE_INFINITY) return
    for (let moves = fewest; moves <= this.#slots.length; moves++) {
      yield* this.#exactly(0, moves, cost, maxCost)
    }
  }

  *#exactly(
    position: number,
    moves: number,
    cost: ((position: number, option: number) => number) | undefined,
    maxCost: number,
  ): Generator<number[]> {
    if (cost !== undefined && this.#leastCost(cost, moves) > maxCost) return
    if (position === this.#slots.length) {
      const stack = this.#slots.map((_, at) => this.domain(at)[0] as number)
      if (stack.filter((option) => option !== 0).length === moves) yield stack
      return
    }
    for (const option of this.#preferred(position)) {
      const mark = this.#trail.length
      if (this.#assign(position, option) && this.fewestMoves(moves + 1) <= moves) {
        yield* this.#exactly(position + 1, moves, cost, maxCost)
      }
      this.#undo(mark)
    }
  }

  /**
   * The least summed cost a stack of the domains with `moves` moves can have: each slot's
   * cheapest option, and, for the moves beyond the slots that can no longer stay, one more
   * each (a move costs at least one: costs count hops).
   */
  #leastCost(cost: (position: number, option: number) => number, moves: number): number {
    let sum = 0
    let mustMove = 0
    this.#slots.forEach((_, position) => {
      const alive = this.#alive[position] as Uint8Array
      this.#judge.spend(1 + (alive.length >> 4))
      if (alive[0] !== 1) mustMove++
      let least = Number.POSITIVE_INFINITY
      for (let option = 0; option < alive.length; option++) {
        if (alive[option] === 1) least = Math.min(least, cost(position, option))
      }
      sum += least
    })
    return sum + Math.max(0, moves - mustMove)
  }

  #preferredWithin(moves: number): number[] {
    const stack: number[] = []
    this.#slots.forEach((_, position) => {
      for (const option of this.#preferred(position)) {
        const mark = this.#trail.length
        if (this.#assign(position, option) && this.fewestMoves(moves + 1) <= moves) {
          stack.push(option)
          return
        }
        this.#undo(mark)
      }
      // fewestMoves said a stack exists: some option of this slot is in it.
      throw new Error('stack search: no option completes a stack that was found')
    })
    return stack
  }

  /**
   * A lower bound on the moves among undecided slots that can still stay: one for each pair of
   * neighbours (each pair disjoint from the others) that cannot both stay.
   */
  #conflictingStays(undecided: readonly number[]): number {
    let bound = 0
    const matched = new Set<number>()
    for (const x of undecided) {
      if (matched.has(x) || (this.#alive[x] as Uint8Array)[0] !== 1) continue
      for (const y of this.#neighbours[x] as number[]) {
        if (matched.has(y) || (this.#size[y] as number) <= 1) continue
        if ((this.#alive[y] as Uint8Array)[0] !== 1) continue
        this.#judge.spend()
        if (!this.#fits(this.#slots[x] as Slot, 0, this.#slots[y] as Slot, 0)) {
          matched.add(x)
          matched.add(y)
          bound++
          break
        }
      }
    }
    return bound
  }

  /** Of undecided slots, the one with the most undecided neighbours, then the fewest options. */
  #mostConnected(undecided: readonly number[]): number {
    let best = undecided[0] as number
    let bestScore = -1
    for (const x of undecided) {
      const size = this.#size[x] as number
      let linked = 0
      for (const y of this.#neighbours[x] as number[]) if ((this.#size[y] as number) > 1) linked++
      const score = linked * 4096 + (4095 - Math.min(size, 4095))
      if (score > bestScore) {
        best = x
        bestScore = score
      }
    }
    return best
  }

  /** Leaves the slot one option and propagates; false when that empties a domain. */
  #assign(x: number, option: number): boolean {
    const alive = this.#alive[x] as Uint8Array
    this.#judge.spend(1 + (alive.length >> 4))
    if (alive[option] !== 1) return false
    for (let other = 0; other < alive.length; other++) {
      if (other !== option && alive[other] === 1) this.#remove(x, other)
    }
    return this.#propagate([x])
  }

  #remove(x: number, option: number): void {
    ;(this.#alive[x] as Uint8Array)[option] = 0
    this.#size[x] = (this.#size[x] as number) - 1
    this.#trail.push(x, option)
  }

  #undo(mark: number): void {
    while (this.#trail.length > mark) {
      const option = this.#trail.pop() as number
      const x = this.#trail.pop() as number
      ;(this.#alive[x] as Uint8Array)[option] = 1
      this.#size[x] = (this.#size[x] as number) + 1
    }
  }

  /** AC-3 from the slots whose domains changed. */
  #propagate(changed: readonly number[]): boolean {
    const queue = [...changed]
    const queued = new Uint8Array(this.#slots.length)
    for (const x of queue) queued[x] = 1
    for (let at = 0; at < queue.length; at++) {
      const y = queue[at] as number
      queued[y] = 0
      for (const x of this.#neighbours[y] as number[]) {
        const before = this.#size[x] as number
        this.#revise(x, y)
        const after = this.#size[x] as number
        if (after === 0) return false
        if (after !== before && queued[x] === 0) {
          queued[x] = 1
          queue.push(x)
        }
      }
    }
    return true
  }

  /** Removes the options of x that no option of y fits. */
  #revise(x: number, y: number): void {
    const slotX = this.#slots[x] as Slot
    const slotY = this.#slots[y] as Slot
    const aliveX = this.#alive[x] as Uint8Array
    const aliveY = this.#alive[y] as Uint8Array
    const residues = this.#residues[x * this.#slots.length + y] as Int32Array
    this.#judge.spend(1 + (aliveX.length >> 4))
    for (let option = 0; option < aliveX.length; option++) {
      if (aliveX[option] !== 1) continue
      const residue = residues[option] as number
      if (residue >= 0 && aliveY[residue] === 1) continue
      let supported = -1
      for (let other = 0; other < aliveY.length; other++) {
        if (aliveY[other] !== 1) continue
        this.#judge.spend()
        if (this.#fits(slotX, option, slotY, other)) {
          supported = other
          break
        }
      }
      if (supported < 0) this.#remove(x, option)
      else residues[option] = supported
    }
  }

  #fits(a: Slot, optionA: number, b: Slot, optionB: number): boolean {
    return (
      this.#judge.fits(a, optionA, b, optionB) &&
      (this.#extra === undefined || this.#extra(a, optionA, b, optionB))
    )
  }
}
