/** Why a component could not stay as it was, in words, for a plan's changes and a path's steps. */
import type { DependencyCheck } from '../check/check-result.ts'
import type { CompiledEntry } from '../dataset/build-dataset.ts'
import type { Option, PairJudge, Slot } from './pair-judge.ts'
import { supportOnDay } from './support-on-day.ts'

/** What rules out a slot's first option (as sent) against the others as assigned. */
export function failuresOfStaying(
  judge: PairJudge,
  slot: Slot,
  assignment: readonly number[],
  day: string | undefined,
): string[] {
  return failuresAt(judge, slot, 0, assignment, day)
}

/**
 * What rules out one option of a slot against the others as assigned (the slot's own place in
 * `assignment` is not read): each pair named is the slot at that option and another component
 * at its assigned option, judged by the judge's own verdicts, so it says what a stack check of
 * the two versions says.
 */
export function failuresAt(
  judge: PairJudge,
  slot: Slot,
  option: number,
  assignment: readonly number[],
  day: string | undefined,
): string[] {
  const failures: string[] = []
  const stay = slot.options[option] as Option
  if (!judge.usable(slot, stay)) {
    failures.push(`nothing documented for ${slot.project?.document.name} covers it`)
  }
  if (day !== undefined) {
    const support = supportOnDay(slot.project, stay.version, day)
    if (support !== null && !support.supported) failures.push(describeSupport(slot, support, day))
  }
  for (const other of judge.slots) {
    if (other === slot) continue
    const placed = assignment[other.index] as number
    for (const [a, optionA, b, optionB] of [
      [slot, option, other, placed],
      [other, placed, slot, option],
    ] as const) {
      if (judge.accepts(a, optionA, b, optionB)) continue
      const judged = judge.check(a, optionA, b, optionB)
      if (judged !== null)
        failures.push(describeFailure(a, optionA, b, optionB, judged, a === slot))
    }
  }
  return failures
}

/** "its 1.31 line is end-of-life on 2027-06-30" */
export function describeSupport(
  slot: Slot,
  support: { readonly line: string | null; readonly status: string },
  day: string,
): string {
  return support.line === null
    ? `no release line of ${slot.project?.document.name}'s lifecycle covers it, so it is not known to be supported on ${day}`
    : `its ${support.line} line is ${support.status} on ${day}`
}

/** `cnpg v1.27.1 documents kubernetes 1.31, 1.32, 1.33, not 1.34` (without the version when it was said). */
export function describeFailure(
  a: Slot,
  optionA: number,
  b: Slot,
  optionB: number,
  { check, entry }: { check: DependencyCheck; entry: CompiledEntry },
  versionSaid = false,
): string {
  const documented = [
    ...entry.entry.ranges,
    ...(entry.entry.constraints ?? []).map((constraint) => constraint.type),
  ]
  const versionA = (a.options[optionA] as Option).version
  const versionB = (b.options[optionB] as Option).version
  const rule = documented.length === 0 ? 'no range' : documented.join(', ')
  const subject = versionSaid ? a.name : `${a.name} ${versionA}`
  const named = entry.key === b.name ? entry.key : `${b.name} (as ${entry.key})`
  return check.compatible === 'incompatible'
    ? `${subject} documents ${named} ${rule}, not ${versionB}`
    : `${subject} has no evidence either way for ${b.name} ${versionB} (documented: ${rule})`
}
