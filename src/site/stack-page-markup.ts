/**
 * The stack page (docs/web.md, "The stack page") as first shown: the component rows (one empty
 * row), the paste box, the file form and the plan form, with every name the rows complete
 * from. The script brings the forms to life and shows the results. After a file is posted to
 * the page, the server sends it with the stack derived from the file in the rows, what it made
 * of the file, and the stack's verdict. A page asked with a plan in its URL comes with the
 * stack in the rows, the plan form filled, the stack's verdict and the plan's answer.
 */
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import type {
  DependencyIndex,
  PlanResult,
  ProjectIndexEntry,
  StackAnswer,
} from '../api/response-schemas.ts'
import { el, type MarkupElement, noScript } from './markup.ts'
import { EMPTY_PLAN, type NamedVersion, type PlanFields } from './plan-query.ts'
import { planResultMarkup } from './plan-result-markup.ts'
import { readinessRegion } from './readiness-markup.ts'
import {
  derivedComponents,
  type StackFileView,
  stackFileForm,
  stackFileResult,
} from './stack-file-markup.ts'
import { stackResultMarkup } from './stack-result-markup.ts'

/** A text field as every field of the stack page is: no autocorrection, bounded length. */
export function stackTextInput(id: string, list?: string, value = ''): MarkupElement {
  return el('input', {
    id,
    type: 'text',
    value: value === '' ? null : value,
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    list,
  })
}

/**
 * One component row; `number` makes its ids. The script adds and removes rows like it; the
 * server fills them with a stack derived from a file.
 */
export function componentRow(number: number, name = '', version = ''): MarkupElement {
  const nameId = `component-name-${number}`
  const versionId = `component-version-${number}`
  return el(
    'li',
    { class: 'component-row' },
    el(
      'div',
      { class: 'field' },
      el('label', { for: nameId }, 'Name'),
      stackTextInput(nameId, 'component-names', name),
    ),
    el(
      'div',
      { class: 'field' },
      el('label', { for: versionId }, 'Version'),
      stackTextInput(versionId, undefined, version),
    ),
    el(
      'button',
      { type: 'button', class: 'secondary remove', 'aria-label': `Remove component ${number}` },
      'Remove',
    ),
  )
}

/** A plan asked in the page's URL, and what came of it: the server shows it as the script would. */
export interface PlanShown {
  /** The stack, as the URL lists it. */
  readonly components: readonly NamedVersion[]
  /** The plan form's fields, as the URL gives them. */
  readonly fields: PlanFields
  /** The stack's check on `today` (POST /api/v1/stack with that date). */
  readonly stack: StackAnswer
  /** The plan's answer (POST /api/v1/plan with planRequestOf(components, fields)). */
  readonly answer: PlanResult
  /** The project index: which moved names link to their project's page. */
  readonly projects: readonly ProjectIndexEntry[]
  /** The day (UTC) the stack was judged on: which evidence is stale. */
  readonly today: string
}

/**
 * The content of `<main>` for `/stack`; `names`: every project id, alias and dependency key.
 * `file`: what came of a file posted to the page, and the day its stack was judged on (UTC:
 * which evidence is stale). `plan`: a plan asked in the page's URL, answered.
 */
export function stackPageMain(
  names: readonly string[],
  file: { readonly view: StackFileView; readonly today: string } | null = null,
  plan: PlanShown | null = null,
): MarkupElement[] {
  const outcome = file?.view.outcome
  const derived = outcome !== undefined && 'derived' in outcome ? outcome.derived : null
  const components = plan?.components ?? (derived === null ? [] : derivedComponents(derived))
  const rows =
    components.length === 0 || components.length > MAX_DEPENDENCIES
      ? [componentRow(1)]
      : components.map(([name, version], index) => componentRow(index + 1, name, version))
  return [
    el('h1', { id: 'stack-heading' }, 'Check a stack'),
    el(
      'p',
      { class: 'lead' },
      'Is your whole stack documented compatible with itself? Every component that is a catalogued project is read at the version you run, and each dependency it documents that is also in your stack is checked.',
    ),
    noScript(
      'Checking the components typed here needs JavaScript; the same check is ',
      el('code', {}, 'POST /api/v1/stack'),
      ' (see the ',
      el('a', { href: '/api/v1/docs' }, 'API documentation'),
      '). A stack from a file, below, is checked without it.',
    ),
    el(
      'form',
      { class: 'stack-form', 'aria-labelledby': 'stack-heading', novalidate: true },
      el(
        'p',
        { class: 'hint' },
        'Name each component as its project id, an alias or a dependency key (the list completes as you type), with the version you run: v1.27.1, 16.4-alpine and 1.33.2+k3s1 are read as deployed.',
      ),
      el('ol', { class: 'component-rows', 'aria-label': 'Components' }, rows),
      el(
        'div',
        { class: 'form-actions' },
        el(
          'button',
          { type: 'button', class: 'secondary', id: 'add-component' },
          'Add a component',
        ),
        el('button', { type: 'submit' }, 'Check stack'),
      ),
      el(
        'datalist',
        { id: 'component-names' },
        [...new Set(names)].sort().map((name) => el('option', { value: name })),
      ),
    ),
    el(
      'details',
      { class: 'paste' },
      el('summary', {}, 'Paste a stack file'),
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'stack-text' }, 'Stack file or lines of name: version'),
        el('textarea', {
          id: 'stack-text',
          rows: '6',
          spellcheck: 'false',
          'aria-describedby': 'stack-text-hint',
        }),
      ),
      el(
        'p',
        { class: 'hint', id: 'stack-text-hint' },
        'The components: mapping of a stack file for compat stack, or one name: version per line.',
      ),
      el('button', { type: 'button', class: 'secondary', id: 'use-stack-text' }, 'Use this stack'),
    ),
    stackFileForm(file?.view.text, file?.view.readiness?.target),
    el('div', { class: 'notice', role: 'alert' }),
    el('p', { class: 'visually-hidden', role: 'status', id: 'stack-status' }),
    el(
      'div',
      { class: 'file-result', id: 'file-result' },
      outcome === undefined
        ? null
        : stackFileResult(outcome, file?.view.limits, file?.view.textOmitted),
    ),
    readinessRegion(file?.view.readiness?.outcome ?? null),
    el(
      'div',
      { class: 'check-result', id: 'stack-result' },
      plan !== null
        ? stackResultMarkup(plan.stack, plan.today)
        : derived === null || components.length === 0 || file === null
          ? null
          : stackResultMarkup(derived, file.today),
    ),
    planForm(plan?.fields ?? EMPTY_PLAN),
    el('p', { class: 'visually-hidden', role: 'status', id: 'plan-status' }),
    el(
      'div',
      { class: 'check-result', id: 'plan-result' },
      plan === null ? null : planResultMarkup(plan.answer, plan.today, plan.projects),
    ),
  ]
}

/**
 * The plan form, its fields as given: **Upgrade** … **to**, **Supported on** (a day; with it
 * the target may stay empty), **One step at a time**, **Accept pairs the evidence cannot
 * decide**.
 */
export function planForm(fields: PlanFields): MarkupElement {
  return el(
    'form',
    { class: 'plan-form', 'aria-labelledby': 'plan-heading', novalidate: true },
    el('h2', { id: 'plan-heading' }, 'Plan an upgrade'),
    el(
      'p',
      { class: 'hint' },
      'Which components must move, and to which documented versions, for one of them to reach a version, or for every component to be supported on a day? Nothing moves down; the plan moves as few components as it can.',
    ),
    noScript(
      'Planning from this form needs JavaScript; the same plan is ',
      el('code', {}, 'POST /api/v1/plan'),
      '. A link to a plan (its address holds the stack and upgrade and to, or supported-on) shows the plan without it.',
    ),
    el(
      'div',
      { class: 'plan-fields' },
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'upgrade-name' }, 'Upgrade'),
        stackTextInput('upgrade-name', 'component-names', fields.upgrade),
      ),
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'upgrade-version' }, 'to'),
        stackTextInput('upgrade-version', undefined, fields.to),
      ),
    ),
    el(
      'div',
      { class: 'field supported-on' },
      el('label', { for: 'supported-on' }, 'Supported on'),
      el('input', {
        id: 'supported-on',
        type: 'date',
        value: fields.supportedOn === '' ? null : fields.supportedOn,
        'aria-describedby': 'supported-on-hint',
      }),
      el(
        'p',
        { class: 'hint', id: 'supported-on-hint' },
        'Optional: every component with support dates must end on a release line still supported (or getting security fixes) that day. With a day, the component to upgrade may be left empty.',
      ),
    ),
    el(
      'div',
      { class: 'field checkbox' },
      el(
        'label',
        { for: 'plan-path' },
        el('input', {
          id: 'plan-path',
          type: 'checkbox',
          checked: fields.path,
          'aria-describedby': 'plan-path-hint',
        }),
        ' One step at a time',
      ),
      el(
        'p',
        { class: 'hint', id: 'plan-path-hint' },
        'The path there: one component moves one documented step at a time (as its upgrade rule allows), and no step breaks a pair that worked before it.',
      ),
    ),
    el(
      'div',
      { class: 'field checkbox' },
      el(
        'label',
        { for: 'allow-unknown' },
        el('input', {
          id: 'allow-unknown',
          type: 'checkbox',
          checked: fields.unknown === 'allow',
        }),
        ' Accept pairs the evidence cannot decide',
      ),
    ),
    el('button', { type: 'submit' }, 'Plan upgrade'),
  )
}

/** Every name a component may have: project ids and aliases, dependency keys. */
export function stackNames(
  projects: readonly ProjectIndexEntry[],
  { dependencies }: DependencyIndex,
): string[] {
  const names = new Set<string>()
  for (const project of projects) {
    names.add(project.id)
    for (const alias of project.aliases ?? []) names.add(alias)
  }
  for (const row of dependencies) names.add(row.dependency)
  return [...names]
}
