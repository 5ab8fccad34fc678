/**
 * Pairs between the ways components can be in a plan (docs/api.md, "Plans"): each component a
 * slot with its options (as it is, or moved to a documented key), each pair judged as a stack
 * judges it (a moved key's same-version within its series), and the work spent counted.
 *
 * A plan or a path looks at the same pairs again and again, and at many of them: the verdicts
 * of one component's option against every option of another are judged together, once, as a
 * row; and options whose entries share the same ranges (most keys of a project document a
 * dependency alike) share one row.
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
import { linkedEntry, namesOf } from '../dataset/links.ts'
import { stackPair } from '../stack/evaluate-stack.ts'
import type { StackPair } from '../stack/stack-result.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import { entryVerdict } from './entry-verdict.ts'

export type UnknownPolicy = 'block' | 'allow'

const BY_LINK: DependencyMatch = 'link'

/** One way a component can be in the plan: as it is, or moved to a key. */
export interface Option {
  /** The version the component has with this option: as sent, or the key moved to. */
  readonly version: string
  /**
   * A documented key the search chose (same-version then holds within its series), rather
   * than a version someone wrote.
   */
  readonly moved: boolean
  /** How the version resolves in its project's document; null for none (or no project). */
  readonly found: FoundVersion | null
  /** A path's target name that is not in the stack yet: no version, no pairs. */
  readonly absent?: boolean
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
  const stay = optionOf(dataset, project, sent, false)
  const current = parseVersion(sent)
  const options: Option[] = [stay]
  if (!target && project !== undefined && current !== null) {
    for (const key of keysAbove(project, keys === 'up' ? current : null)) {
      options.push(optionOf(dataset, project, key, true))
    }
  }
  return { index, name, sent, project, target, options }
}

/** A version of a component as an option: resolved by line lookup, as a stack resolves it. */
export function optionOf(
  dataset: Dataset,
  project: CompiledProject | undefined,
  version: string,
  moved: boolean,
): Option {
  return {
    version,
    moved,
    found: project === undefined ? null : findVersion(dataset, project, version, 'line'),
  }
}

/** A project's final-release keys above a version (every one for null), lowest first. */
export function keysAbove(project: CompiledProject, above: Version | null): string[] {
  const keys: string[] = []
  // `versions` is newest first.
  for (let at = project.versions.length - 1; at >= 0; at--) {
    const key = project.versions[at] as CompiledProject['versions'][number]
    if (key.version.pre !== null) continue
    if (above !== null && compareVersions(key.version, above) <= 0) continue
    keys.push(key.key)
  }
  return keys
}

// Verdicts in a row, one byte each: not judged yet (rows are judged whole, so never read), or
// the verdict.
const COMPATIBLE = 1
const UNKNOWN = 2
const INCOMPATIBLE = 3
const CODE: Readonly<Record<Verdict, number>> = {
  compatible: COMPATIBLE,
  unknown: UNKNOWN,
  incompatible: INCOMPATIBLE,
}
const VERDICT: readonly (Verdict | null)[] = [null, 'compatible', 'unknown', 'incompatible']

/**
 * Judges pairs between options, each once per search (they are looked at again and again),
 * and counts the work the budget is spent on.
 */
export class PairJudge {
  steps = 0
  readonly #slotCount: number
  /** Per slot, the slots its options ever document: no other pair can exist. */
  readonly #documents: ReadonlySet<number>[]
  /** Per ordered pair of slots (a * count + b), per option of a: its row over b's options. */
  readonly #rows: (Uint8Array | null | undefined)[][]
  /** Per documented slot, rows shared by entries without same-version, by range list. */
  readonly #shared: Map<object, Uint8Array>[][]
  /** Per slot, each option's version parsed (null outside the grammar). */
  readonly #parsed: (Version | null)[][]
  /** Per ordered pair of slots, per option of a: the entry of a that documents b, or null. */
  readonly #entries: (CompiledEntry | null | undefined)[][]

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
    const pairs = slots.length * slots.length
    this.#rows = Array.from({ length: pairs }, () => [])
    this.#entries = Array.from({ length: pairs }, () => [])
    this.#shared = slots.map(() => [new Map(), new Map()])
    this.#parsed = slots.map((slot) => slot.options.map((option) => parseVersion(option.version)))
    // The names each slot's options document, gathered once (entry maps are shared by the keys
    // of a line, so few are distinct); a slot documents another when one of them is the other's
    // name or another name of its project.
    const namesOfSlot = slots.map((slot) => {
      const project = findProject(dataset, slot.name)
      return project === undefined ? [slot.name] : [slot.name, ...namesOf(project)]
    })
    this.#documents = slots.map((slot) => {
      const keys = new Set<string>()
      const seen = new Set<object>()
      for (const option of slot.options) {
        if (option.found === null || option.absent === true) continue
        const entries = entriesOf(option.found)
        if (seen.has(entries)) continue
        seen.add(entries)
        for (const key of entries.keys()) keys.add(key)
      }
      const documented = new Set<number>()
      for (const other of slots) {
        if (other === slot) continue
        if ((namesOfSlot[other.index] as string[]).some((name) => keys.has(name))) {
          documented.add(other.index)
        }
      }
      return documented
    })
  }

  /** Counts work; past the budget the search stops (OutOfBudget). */
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
    return this.accepts(a, optionA, b, optionB) && this.accepts(b, optionB, a, optionA)
  }

  /** Whether `a` (at one option) documents `b` (at one option) acceptably, or not at all. */
  accepts(a: Slot, optionA: number, b: Slot, optionB: number): boolean {
    const row = this.row(a, optionA, b)
    if (row === null) return true
    const code = row[optionB] as number
    return code === COMPATIBLE || (code === UNKNOWN && this.unknown === 'allow')
  }

  /** The verdict of `a` (at one option) documenting `b` (at one option); null for no pair. */
  verdict(a: Slot, optionA: number, b: Slot, optionB: number): Verdict | null {
    const row = this.row(a, optionA, b)
    return row === null ? null : (VERDICT[row[optionB] as number] ?? null)
  }

  /** The entry of `a`'s option that documents `b`, or null (an absent side has none). */
  entry(a: Slot, optionA: number, b: Slot): CompiledEntry | null {
    const entries = this.#entries[a.index * this.#slotCount + b.index] as (
      | CompiledEntry
      | null
      | undefined
    )[]
    let entry = entries[optionA]
    if (entry === undefined) {
      const option = a.options[optionA] as Option
      entry =
        option.found === null || option.absent === true
          ? null
          : (linkedEntry(this.dataset, entriesOf(option.found), b.name) ?? null)
      entries[optionA] = entry
    }
    return entry
  }

  /**
   * `a`'s option documenting each option of `b`, one verdict code each; null when it documents
   * `b` at none. Judged whole when first asked (each verdict counts as one step).
   */
  row(a: Slot, optionA: number, b: Slot): Uint8Array | null {
    const rows = this.#rows[a.index * this.#slotCount + b.index] as (
      | Uint8Array
      | null
      | undefined
    )[]
    let row = rows[optionA]
    if (row !== undefined) return row
    const entry = this.entry(a, optionA, b)
    if (entry === null) {
      rows[optionA] = null
      return null
    }
    const documenting = a.options[optionA] as Option
    // Without same-version the verdicts depend on the ranges alone: shared by every option of
    // every slot whose entry for `b` has the same range list.
    const shared = entry.sameVersion
      ? undefined
      : (this.#shared[b.index] as Map<object, Uint8Array>[])[entry.testedOnly ? 1 : 0]
    row = shared?.get(entry.ranges)
    if (row === undefined) {
      this.spend(b.options.length)
      const judged = new Uint8Array(b.options.length)
      row = judged
      const parsedA = (this.#parsed[a.index] as (Version | null)[])[optionA] as Version | null
      const parsedB = this.#parsed[b.index] as (Version | null)[]
      b.options.forEach((documented, optionB) => {
        // An absent component is no pair: acceptable.
        if (documented.absent === true) {
          judged[optionB] = COMPATIBLE
          return
        }
        const rule: SameVersionRule = documenting.moved
          ? 'project-series'
          : documented.moved
            ? 'dependency-series'
            : 'equal'
        judged[optionB] =
          CODE[
            entryVerdict(
              entry,
              documented.version,
              parsedB[optionB] as Version | null,
              documenting.version,
              parsedA,
              rule,
            )
          ]
      })
      shared?.set(entry.ranges, row)
    }
    rows[optionA] = row
    return row
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
    if (documenting.found === null || documented.absent === true) return null
    const entry = this.entry(a, optionA, b)
    if (entry === null) return null
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

  /** The pair of `a` documenting `b` as a stack answers it; null for no pair. */
  pair(a: Slot, optionA: number, b: Slot, optionB: number): StackPair | null {
    const judged = this.check(a, optionA, b, optionB)
    if (judged === null) return null
    const versionA = (a.options[optionA] as Option).version
    const versionB = (b.options[optionB] as Option).version
    return stackPair(a.name, versionA, b.name, versionB, judged.entry.key, judged.check)
  }

  /** Every pair of an assignment, as a stack answers them: by documenting slot, then the other. */
  pairsOf(assignment: readonly number[]): StackPair[] {
    const pairs: StackPair[] = []
    for (const a of this.slots) {
      for (const b of this.slots) {
        if (a === b || !this.documents(a.index, b.index)) continue
        const pair = this.pair(a, assignment[a.index] as number, b, assignment[b.index] as number)
        if (pair !== null) pairs.push(pair)
      }
    }
    return pairs
  }
}
