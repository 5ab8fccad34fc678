/**
 * Pairs between the ways components can be in a plan (docs/api.md, "Plans"): each component a
 * slot with its options (as it is, or moved to a documented key), each pair judged once as a
 * stack judges it (a moved key's same-version within its series), and the steps spent counted.
 */
import { type DependencyMatch, decideDependency } from '../check/check-dependency.ts'
import type { DependencyCheck, Verdict } from '../check/check-result.ts'
import { entriesOf, type FoundVersion, findVersion } from '../check/find-version.ts'
import type { SameVersionRule } from '../check/judge-entry.ts'
import {
  type CompiledEntry,
  type CompiledProject,
  type Dataset,
  findProject,
} from '../dataset/build-dataset.ts'
import { linkedEntry } from '../dataset/links.ts'
import { stackPair } from '../stack/evaluate-stack.ts'
import type { StackPair } from '../stack/stack-result.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'

export type UnknownPolicy = 'block' | 'allow'

const BY_LINK: DependencyMatch = 'link'
// A pair judged afresh costs about as much as this many looked up (measured: ~2 µs against
// ~0.1 µs).
const JUDGED_PAIR_COST = 20

/** One way a component can be in the plan: as it is, or moved to a key. */
export interface Option {
  /** The version the component has with this option: as sent, or the key moved to. */
  readonly version: string
  readonly moved: boolean
  /** How the version resolves in its project's document; null for none (or no project). */
  readonly found: FoundVersion | null
}

export interface Slot {
  readonly index: number
  readonly name: string
  /** The version as sent (the target's when it is one). */
  readonly sent: string
  readonly project: CompiledProject | undefined
  readonly target: boolean
  /** Staying first when allowed, then the keys it may move to, lowest first. */
  readonly options: readonly Option[]
}

export class OutOfBudget extends Error {}

/**
 * A component as a slot: staying as sent first, then the documented keys (final releases) it
 * may take, lowest first — above its version (`up`), or all of them (`all`); a target, a name
 * no project answers to, or a version outside the grammar only stays.
 */
export function slotOf(
  dataset: Dataset,
  index: number,
  name: string,
  sent: string,
  target: boolean,
  keys: 'up' | 'all',
): Slot {
  const project = findProject(dataset, name)
  const stay: Option = {
    version: sent,
    moved: false,
    found: project === undefined ? null : findVersion(dataset, project, sent, 'line'),
  }
  const current = parseVersion(sent)
  const options: Option[] = [stay]
  if (!target && project !== undefined && current !== null) {
    // Final releases only; `versions` is newest first.
    for (let at = project.versions.length - 1; at >= 0; at--) {
      const key = project.versions[at] as CompiledProject['versions'][number]
      if (key.version.pre !== null) continue
      if (keys === 'up' && compareVersions(key.version, current) <= 0) continue
      options.push({
        version: key.key,
        moved: true,
        found: findVersion(dataset, project, key.key, 'line'),
      })
    }
  }
  return { index, name, sent, project, target, options }
}

/**
 * Judges pairs between options, each once per search (they are looked at again and again),
 * and counts the steps the budget is spent on.
 */
export class PairJudge {
  steps = 0
  readonly #verdicts = new Map<number, Verdict | null>()
  readonly #width: number
  readonly #slotCount: number
  /** Per slot, the slots its options ever document: no other pair can exist. */
  readonly #documents: ReadonlySet<number>[]

  readonly dataset: Dataset
  readonly slots: readonly Slot[]
  readonly unknown: UnknownPolicy
  budget: number

  constructor(dataset: Dataset, slots: readonly Slot[], unknown: UnknownPolicy, budget: number) {
    this.dataset = dataset
    this.slots = slots
    this.unknown = unknown
    this.budget = budget
    this.#slotCount = slots.length
    this.#width = Math.max(...slots.map((slot) => slot.options.length))
    this.#documents = slots.map((slot) => {
      const documented = new Set<number>()
      for (const option of slot.options) {
        if (option.found === null) continue
        const entries = entriesOf(option.found)
        for (const other of slots) {
          if (other !== slot && linkedEntry(dataset, entries, other.name) !== undefined) {
            documented.add(other.index)
          }
        }
      }
      return documented
    })
  }

  /** Counts work: a pair looked up costs 1, a pair judged afresh more (it builds a check). */
  spend(cost = 1): void {
    this.steps += cost
    if (this.steps > this.budget) throw new OutOfBudget()
  }

  /** Whether `a`'s documents can ever name `b`. */
  documents(a: number, b: number): boolean {
    return this.#documents[a]?.has(b) === true
  }

  /** Whether an option may be in a plan at all: a version no key covers, under block, may not. */
  usable(slot: Slot, option: Option): boolean {
    return this.unknown === 'allow' || slot.project === undefined || option.found !== null
  }

  /** Whether the two options may stand together: neither documents the other unacceptably. */
  fits(a: Slot, optionA: number, b: Slot, optionB: number): boolean {
    this.spend()
    return this.#fitsOneWay(a, optionA, b, optionB) && this.#fitsOneWay(b, optionB, a, optionA)
  }

  #fitsOneWay(a: Slot, optionA: number, b: Slot, optionB: number): boolean {
    if (!this.documents(a.index, b.index)) return true
    const verdict = this.verdict(a, optionA, b, optionB)
    return (
      verdict === null ||
      verdict === 'compatible' ||
      (verdict === 'unknown' && this.unknown === 'allow')
    )
  }

  /** The verdict of `a` (at one option) documenting `b` (at one option); null for no pair. */
  verdict(a: Slot, optionA: number, b: Slot, optionB: number): Verdict | null {
    const id =
      ((a.index * this.#slotCount + b.index) * this.#width + optionA) * this.#width + optionB
    let verdict = this.#verdicts.get(id)
    if (verdict === undefined) {
      this.spend(JUDGED_PAIR_COST)
      verdict = this.check(a, optionA, b, optionB)?.check.compatible ?? null
      this.#verdicts.set(id, verdict)
    }
    return verdict
  }

  /** The check of `a` documenting `b`, with the entry that documents it; null for no pair. */
  check(
    a: Slot,
    optionA: number,
    b: Slot,
    optionB: number,
  ): { check: DependencyCheck; entry: CompiledEntry } | null {
    const documenting = a.options[optionA] as Option
    const documented = b.options[optionB] as Option
    if (documenting.found === null) return null
    const entry = linkedEntry(this.dataset, entriesOf(documenting.found), b.name)
    if (entry === undefined) return null
    const rule: SameVersionRule = documenting.moved
      ? 'project-series'
      : documented.moved
        ? 'dependency-series'
        : 'equal'
    const check = decideDependency(
      documenting.found,
      documenting.version,
      b.name,
      documented.version,
      BY_LINK,
      rule,
    )
    return { check, entry }
  }

  /** Every pair of an assignment, as a stack answers them: by documenting slot, then the other. */
  pairsOf(assignment: readonly number[]): StackPair[] {
    const pairs: StackPair[] = []
    for (const a of this.slots) {
      for (const b of this.slots) {
        if (a === b || !this.documents(a.index, b.index)) continue
        const optionA = assignment[a.index] as number
        const optionB = assignment[b.index] as number
        const judged = this.check(a, optionA, b, optionB)
        if (judged === null) continue
        const versionA = (a.options[optionA] as Option).version
        const versionB = (b.options[optionB] as Option).version
        pairs.push(stackPair(a.name, versionA, b.name, versionB, judged.entry.key, judged.check))
      }
    }
    return pairs
  }
}
