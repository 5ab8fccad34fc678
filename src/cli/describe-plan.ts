/**
 * A plan's answer as the lines `compat plan` prints (docs/cli.md, "compat plan"): with `--path`,
 * the numbered steps first, each with what moves, why, and how the stack stands after it; then
 * the moves, the stack after the plan and its support on the plan's day, or what blocks it;
 * then the verdict, and plainly when the plan lands on a line at its end of life that day.
 */
import type { Blocking, PlanResult, PlanStep, StackPair } from '../api/response-schemas.ts'
import { aggregateVerdicts } from '../core/check/aggregate-verdicts.ts'
import { countOf, formatTable, withoutControlCharacters } from '../report/format-text.ts'
import { describeEnded, describeSupport, supportSummary } from '../report/support-words.ts'
import { describePairs } from './describe-pairs.ts'

export function describePlan(result: PlanResult): string[] {
  const path = result.steps !== undefined
  const steps = result.steps ?? []
  const changes =
    result.changes.length === 0
      ? [noChange(path, steps.length)]
      : formatTable(
          ['MOVE', 'FROM', 'TO', 'REASON'],
          result.changes.map((change) => [change.component, change.from, change.to, change.reason]),
        )
  const verdict =
    result.feasible === true ? 'feasible' : result.feasible === false ? 'infeasible' : 'undecided'
  const lines = [
    ...(steps.length === 0 ? [] : ['', 'Steps:', ...describeSteps(steps)]),
    ...(result.feasible === true
      ? [
          '',
          ...changes,
          '',
          'The stack after the plan:',
          ...pairLines(result.pairs),
          '',
          `Its support on ${result.date}:`,
          ...describeSupport(result.support),
        ]
      : []),
    ...(result.blocking ?? []).flatMap((entry) => ['', ...describeBlocking(entry)]),
  ]
  // Sections start with a blank line of their own; the output does not.
  if (lines[0] === '') lines.shift()
  return [
    ...lines,
    ...(lines.length === 0 ? [] : ['']),
    withoutControlCharacters(`plan: ${verdict} — ${result.reason}`),
    ...(result.feasible === true ? landingLines(result) : []),
  ]
}

/**
 * Where the plan lands on its day, and plainly when that is a line at its end of life: a plan
 * for today that lands on lines nobody patches any more is no plan to follow blindly.
 */
function landingLines(result: PlanResult): string[] {
  const summary = `support on ${result.date}: ${supportSummary(result.support)}`
  const ended = result.support.filter((item) => item.status === 'end-of-life')
  if (ended.length === 0) return [withoutControlCharacters(summary)]
  const hint =
    result.supportedOn === undefined
      ? ` Add --supported-on ${result.date} to plan for lines still supported that day.`
      : ''
  return [
    withoutControlCharacters(summary),
    withoutControlCharacters(
      `warning: the plan lands on ${ended.length === 1 ? 'a line' : 'lines'} at end of life on ${result.date}: ${ended.map(describeEnded).join('; ')}.${hint}`,
    ),
  ]
}

/** Without moves: nothing but the targets moves (with a path, their steps), or nothing at all. */
function noChange(path: boolean, steps: number): string {
  return path && steps === 0 ? 'Nothing moves.' : 'Nothing else moves.'
}

function pairLines(pairs: readonly StackPair[]): string[] {
  return pairs.length === 0 ? ['No pair: no component documents another.'] : describePairs(pairs)
}

/**
 * One line a step, numbered from 1 (the numbers aligned): what moves, from what to what (or
 * that a name joins the stack), why, and the verdict of the step's pairs after it; under it,
 * indented, one line per upgrade note to read before the step (`Read first: title <url>`).
 *
 * @example describeSteps([{ component: 'kubernetes', from: '1.31', to: '1.32', reason: 'kubernetes moves towards its target 1.34: 1.32 first.', stack: {…}, pairs: [compatible pair], notes: [] }])
 * // ['1. kubernetes 1.31 → 1.32: kubernetes moves towards its target 1.34: 1.32 first. After it: compatible (1 pair).']
 */
export function describeSteps(steps: readonly PlanStep[]): string[] {
  const width = String(steps.length).length
  return steps.flatMap((step, at) => {
    const number = `${at + 1}.`.padStart(width + 1)
    const move =
      step.from === null
        ? `${step.component} joins at ${step.to}`
        : `${step.component} ${step.from} → ${step.to}`
    // A server from before upgrade notes answers steps without them (compat plan --url).
    const notes = (step.notes ?? []).map(
      (note) => `${' '.repeat(width + 2)}Read first: ${note.title} <${note.url}>`,
    )
    const line = `${number} ${move}: ${step.reason} After it: ${stepVerdict(step.pairs)}.`
    return [line, ...notes].map((text) => withoutControlCharacters(text))
  })
}

/**
 * The stack after a step, judged by the step's pairs (those of the component that moved) as a
 * stack is judged: incompatible if any pair is; else unknown if any is, or if there is none;
 * else compatible. With the pairs that make it so.
 *
 * @example stepVerdict([]) // 'unknown (no pair)'
 */
export function stepVerdict(pairs: readonly StackPair[]): string {
  if (pairs.length === 0) return 'unknown (no pair)'
  const verdict = aggregateVerdicts(pairs)
  if (verdict === 'compatible') return `compatible (${countOf(pairs.length, 'pair')})`
  const those = pairs.filter((pair) => pair.compatible === verdict)
  const named = those.map((pair) => `${pair.project} → ${pair.dependency}`).join(', ')
  return `${verdict} (${those.length} of ${countOf(pairs.length, 'pair')}: ${named})`
}

/** Why one component blocks the plan: its upgrade rule, its support on the day, the pairs. */
export function describeBlocking(entry: Blocking): string[] {
  const reasons = [
    ...(entry.rule === undefined ? [] : [`  upgrade rule: ${entry.rule}`]),
    ...(entry.support === undefined ? [] : [`  support: ${entry.support}`]),
  ].map(withoutControlCharacters)
  const pairs =
    entry.pairs.length > 0
      ? describePairs(entry.pairs)
      : reasons.length === 0
        ? ['  (its version is covered by nothing documented)']
        : []
  return [withoutControlCharacters(`${entry.component} is blocked by:`), ...reasons, ...pairs]
}
