/**
 * A plan's answer as the stack page shows it (docs/web.md, "The stack page"): the verdict with
 * the service's reason; the moves, or with one step at a time the path as a numbered list,
 * each step what moves, why, the verdict after it and (to open) its pairs with their evidence;
 * the stack after the plan; and what blocks it (the pairs, the upgrade rule, the day). The
 * script shows it for a plan it asked; the server for a plan asked in the page's URL.
 */
import type {
  Blocking,
  PlanChange,
  PlanResult,
  PlanStep,
  ProjectIndexEntry,
  StackPair,
  Verdict,
} from '../api/response-schemas.ts'
import { sourceList, verdictLabel } from './evidence-markup.ts'
import { el, type MarkupChild, type MarkupElement, safeHref } from './markup.ts'
import { indexEntryOf } from './project-model.ts'
import { componentSupportLine, endOfLifeWarning, pairList } from './stack-result-markup.ts'

/** Whether a plan exists, in words: possible, not possible, undecided (the search gave up). */
export function feasibilityText(feasible: boolean | null): string {
  return feasible === true ? 'possible' : feasible === false ? 'not possible' : 'undecided'
}

/**
 * What the plan was asked, as its heading says it: the target, the day, one step at a time.
 *
 * @example planGoal(answer) // 'Upgrade kubernetes to 1.34, supported on 2027-06-30, one step at a time'
 */
export function planGoal(answer: PlanResult): string {
  const targets = Object.entries(answer.target).map(([name, version]) => `${name} to ${version}`)
  const parts: string[] = []
  if (targets.length > 0) parts.push(`Upgrade ${targets.join(' and ')}`)
  if (answer.supportedOn !== undefined) {
    parts.push(`${parts.length === 0 ? 'Supported' : 'supported'} on ${answer.supportedOn}`)
  }
  if (parts.length === 0) parts.push('Plan')
  if (answer.path === true) parts.push('one step at a time')
  return parts.join(', ')
}

/** What the status line announces once a plan is shown. */
export function planStatusText(answer: PlanResult): string {
  return `Plan: ${feasibilityText(answer.feasible)}. ${answer.reason}`
}

/**
 * A step's pairs judged together, as a stack's are: incompatible if one is, else unknown if
 * one is, else compatible; null when the step moves nothing another component documents.
 */
export function stepVerdict(pairs: readonly StackPair[]): Verdict | null {
  if (pairs.length === 0) return null
  if (pairs.some((pair) => pair.compatible === 'incompatible')) return 'incompatible'
  if (pairs.some((pair) => pair.compatible === 'unknown')) return 'unknown'
  return 'compatible'
}

/**
 * The answer to a plan; `today` (UTC) decides which evidence is marked stale, `projects` (the
 * project index) which moved names link to their project's page.
 */
export function planResultMarkup(
  answer: PlanResult,
  today: string,
  projects: readonly ProjectIndexEntry[],
): MarkupElement {
  const projectOf = (name: string) => indexEntryOf(projects, name)?.id ?? null
  const steps = answer.path === true ? (answer.steps ?? []) : null
  return el(
    'div',
    {},
    el('h3', { class: 'result-heading' }, `${planGoal(answer)}: `, planLabel(answer.feasible)),
    el('p', { class: 'reason' }, answer.reason),
    steps === null
      ? movesMarkup(answer, projectOf)
      : pathMarkup(answer.changes, steps, today, projectOf),
    answer.feasible === true
      ? [
          el('h3', {}, 'The stack after the plan'),
          landingMarkup(answer),
          answer.pairs.length === 0
            ? el('p', { class: 'muted' }, 'No component documents another.')
            : pairList(answer.pairs, 'Pairs after the plan', today),
        ]
      : null,
    blockingMarkup(answer.blocking ?? [], today),
  )
}

/**
 * Where the plan lands: the end-of-life box when a component of the result is past its end of
 * life on the plan's day, then each component of the result with its support that day.
 */
function landingMarkup(answer: PlanResult): MarkupChild[] {
  // A server from before plans said where they land answers without support.
  const support = answer.support ?? []
  if (support.length === 0) return []
  return [
    endOfLifeWarning(support, answer.date, 'plan-end-of-life'),
    el(
      'ul',
      { class: 'resolved-list', 'aria-label': 'Components after the plan' },
      Object.entries(answer.result).map(([name, version]) => {
        const standing = support.find((item) => item.component === name)
        return el(
          'li',
          {},
          el('strong', {}, name),
          ' ',
          el('span', { class: 'version' }, version),
          standing === undefined ? null : componentSupportLine(standing, answer.date),
        )
      }),
    ),
  ]
}

/** Possible, not possible or undecided, in the verdicts' colours (the words say it). */
function planLabel(feasible: boolean | null): MarkupElement {
  const verdict: Verdict =
    feasible === true ? 'compatible' : feasible === false ? 'incompatible' : 'unknown'
  const [symbol] = verdictLabel(verdict).children
  const text = feasibilityText(feasible)
  return el(
    'span',
    { class: `verdict verdict-${verdict}` },
    symbol,
    `${text[0]?.toUpperCase()}${text.slice(1)}`,
  )
}

/** A plan's moves, in request order, each with why and the sources of its key's evidence. */
function movesMarkup(
  answer: PlanResult,
  projectOf: (name: string) => string | null,
): MarkupElement[] {
  if (answer.changes.length === 0) return []
  return [
    el('h3', {}, 'Moves, in order'),
    el(
      'ol',
      { class: 'check-list', 'aria-label': 'Moves' },
      answer.changes.map((change) => {
        const pairs = answer.pairs.filter((pair) => pair.project === change.component)
        return el(
          'li',
          { class: 'check-item check-compatible' },
          el('h4', {}, `${change.component}: ${change.from} → ${change.to}`),
          el('p', { class: 'reason' }, change.reason),
          evidenceLink(change.component, change.to, projectOf),
          pairs.length === 0
            ? null
            : el(
                'div',
                { class: 'move-evidence' },
                el('p', { class: 'muted' }, `The evidence for ${change.component} ${change.to}:`),
                sourceList([
                  ...new Map(
                    pairs.flatMap((pair) => pair.sources).map((source) => [source.url, source]),
                  ).values(),
                ]),
              ),
        )
      }),
    ),
  ]
}

/** A link to the moved key on its project's page, when the name is a catalogued project. */
function evidenceLink(
  component: string,
  version: string,
  projectOf: (name: string) => string | null,
): MarkupElement | null {
  const project = projectOf(component)
  if (project === null) return null
  return el(
    'p',
    {},
    el(
      'a',
      {
        href: `/projects/${encodeURIComponent(project)}?version=${encodeURIComponent(version)}`,
      },
      `${component} ${version}: its documented versions and evidence`,
    ),
  )
}

/** What moves in all, then the path: one numbered item per step. */
function pathMarkup(
  changes: readonly PlanChange[],
  steps: readonly PlanStep[],
  today: string,
  projectOf: (name: string) => string | null,
): MarkupChild[] {
  if (steps.length === 0) return []
  return [
    changes.length === 0
      ? null
      : [
          el('h3', {}, 'What moves, in all'),
          el(
            'ul',
            { class: 'resolved-list', 'aria-label': 'Moves in all' },
            changes.map((change) =>
              el('li', {}, el('strong', {}, change.component), `: ${change.reason}`),
            ),
          ),
        ],
    el(
      'h3',
      { id: 'plan-steps-heading' },
      `The path, step by step (${countOf(steps.length, 'step')})`,
    ),
    el(
      'ol',
      { class: 'check-list plan-steps', 'aria-labelledby': 'plan-steps-heading' },
      steps.map((step, index) => stepItem(step, index + 1, today, projectOf)),
    ),
  ]
}

/** What a step does: `kubernetes 1.31 → 1.32`, or `argo-cd joins at 2.14`. */
export function stepMove(step: Pick<PlanStep, 'component' | 'from' | 'to'>): string {
  return step.from === null
    ? `${step.component} joins at ${step.to}`
    : `${step.component} ${step.from} → ${step.to}`
}

function stepItem(
  step: PlanStep,
  number: number,
  today: string,
  projectOf: (name: string) => string | null,
): MarkupElement {
  const verdict = stepVerdict(step.pairs)
  const moved = `${step.component} ${step.to}`
  return el(
    'li',
    { class: `check-item plan-step check-${verdict ?? 'compatible'}`, id: `plan-step-${number}` },
    el('h4', {}, `Step ${number}: ${stepMove(step)}`),
    el('p', { class: 'reason' }, step.reason),
    stepNotes(step, number),
    el(
      'p',
      { class: 'step-verdict' },
      'After this step: ',
      verdict === null
        ? el('span', { class: 'muted' }, `no pair involves ${moved}.`)
        : [verdictLabel(verdict), ` (${countOf(step.pairs.length, 'pair')} with ${moved})`],
    ),
    el(
      'details',
      { class: 'step-details' },
      el(
        'summary',
        {},
        `The stack after step ${number}`,
        step.pairs.length === 0 ? '' : `, ${countOf(step.pairs.length, 'pair')} with evidence`,
      ),
      el(
        'p',
        { class: 'step-stack' },
        Object.entries(step.stack)
          .map(([name, version]) => `${name} ${version}`)
          .join(', '),
      ),
      evidenceLink(step.component, step.to, projectOf),
      step.pairs.length === 0 ? null : pairList(step.pairs, `Pairs after step ${number}`, today),
    ),
  )
}

/** What to read before a step: its upgrade notes as links named by their titles. */
function stepNotes(step: PlanStep, number: number): MarkupElement | null {
  // A server from before upgrade notes answers steps without them.
  const notes = step.notes ?? []
  if (notes.length === 0) return null
  return el(
    'div',
    { class: 'step-notes' },
    el('p', { id: `plan-step-${number}-notes` }, 'Read before this step:'),
    el(
      'ul',
      { class: 'sources', 'aria-labelledby': `plan-step-${number}-notes` },
      notes.map((note) => {
        const href = safeHref(note.url)
        return el('li', {}, href === null ? note.title : el('a', { href }, note.title))
      }),
    ),
  )
}

/** Why no plan exists: per component, the upgrade rule, the day, the pairs in the way. */
function blockingMarkup(blocking: readonly Blocking[], today: string): MarkupElement[] {
  const shown = blocking.filter(
    (entry) => entry.pairs.length > 0 || entry.rule !== undefined || entry.support !== undefined,
  )
  if (shown.length === 0) return []
  return [
    el('h3', {}, 'What blocks it'),
    ...shown.map((entry) =>
      el(
        'section',
        { class: 'blocking' },
        el('h4', {}, entry.component),
        entry.rule === undefined
          ? null
          : el('p', { class: 'blocking-rule' }, el('strong', {}, 'Upgrade rule: '), entry.rule),
        entry.support === undefined
          ? null
          : el('p', { class: 'blocking-support' }, el('strong', {}, 'Support: '), entry.support),
        entry.pairs.length === 0
          ? null
          : pairList(entry.pairs, `What blocks ${entry.component}`, today),
      ),
    ),
  ]
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
