/**
 * Which two options of two neighbours can be reached together (docs/api.md, "Plans", "Upgrade
 * paths"): the two components alone, each hopping up from where it starts, every stack on the
 * way acceptable for their pair (or already unacceptable at the start). A path of the whole
 * stack is such a walk for every pair of neighbours at once, so a final stack in which two
 * neighbours cannot be reached together has no path: the search for final stacks leaves those
 * out before any path is looked for.
 */
import type { PairJudge } from './pair-judge.ts'
import type { PathSlot } from './path-slots.ts'

/** Whether one component's version may stand next to another's on the way (as `StepRule`). */
export type PairOnTheWay = (a: PathSlot, optionA: number, b: PathSlot, optionB: number) => boolean

export class PairReach {
  readonly #judge: PairJudge
  readonly #onTheWay: PairOnTheWay
  readonly #passable: readonly Uint8Array[]
  /** Per ordered pair of slot indices, the grid of reachable option pairs (a's rows). */
  readonly #grids = new Map<number, Uint8Array>()
  readonly #count: number

  /** `passable[slot.index][option]`: whether the option may be held on the way at all. */
  constructor(judge: PairJudge, onTheWay: PairOnTheWay, passable: readonly Uint8Array[]) {
    this.#judge = judge
    this.#onTheWay = onTheWay
    this.#passable = passable
    this.#count = judge.slots.length
  }

  /** Whether `a` at `optionA` and `b` at `optionB` can be reached together from where both start. */
  reachable(a: PathSlot, optionA: number, b: PathSlot, optionB: number): boolean {
    const [first, firstOption, second, secondOption] =
      a.index < b.index ? [a, optionA, b, optionB] : [b, optionB, a, optionA]
    const grid = this.#grid(first, second)
    return grid[firstOption * second.options.length + secondOption] === 1
  }

  /**
   * Every option pair reachable from (0, 0): a pair is reached when it may stand and one hop
   * of either side leads to it from a reached pair. Hops go up, so rows and columns are filled
   * in order, and the hops that land on an option come from a contiguous run below it: counts
   * of reached cells along each column and row answer "any reached in the run" at once.
   */
  #grid(a: PathSlot, b: PathSlot): Uint8Array {
    const id = a.index * this.#count + b.index
    const known = this.#grids.get(id)
    if (known !== undefined) return known
    const rows = a.options.length
    const columns = b.options.length
    this.#judge.spend(rows * columns)
    const grid = new Uint8Array(rows * columns)
    // columnCounts[row * columns + column]: reached cells of the column in the rows above `row`.
    const columnCounts = new Int32Array((rows + 1) * columns)
    const rowCounts = new Int32Array(columns + 1)
    const passableA = this.#passable[a.index] as Uint8Array
    const passableB = this.#passable[b.index] as Uint8Array
    for (let i = 0; i < rows; i++) {
      rowCounts[0] = 0
      const fromA = a.lowestFrom[i] as number
      for (let j = 0; j < columns; j++) {
        let reached = false
        if (i === 0 && j === 0) reached = true
        else if (passableA[i] === 1 && passableB[j] === 1) {
          const fromB = b.lowestFrom[j] as number
          const byA =
            fromA < i &&
            (columnCounts[i * columns + j] as number) -
              (columnCounts[fromA * columns + j] as number) >
              0
          const byB = fromB < j && (rowCounts[j] as number) - (rowCounts[fromB] as number) > 0
          reached = (byA || byB) && this.#onTheWay(a, i, b, j)
        }
        if (reached) grid[i * columns + j] = 1
        rowCounts[j + 1] = (rowCounts[j] as number) + (reached ? 1 : 0)
        columnCounts[(i + 1) * columns + j] =
          (columnCounts[i * columns + j] as number) + (reached ? 1 : 0)
      }
    }
    this.#grids.set(id, grid)
    return grid
  }
}
