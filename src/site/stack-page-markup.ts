/**
 * The stack page (docs/web.md, "The stack page") as first shown: the component rows (one empty
 * row), the paste box, the file form and the plan form, with every name the rows complete
 * from. The forms work as one plain GET form without a script; the script checks and plans
 * without leaving the page. After a file is posted to the page, the server sends it with the
 * stack derived from the file in the rows, what it made of the file, and the stack's verdict.
 * A page asked with a stack in its URL comes with the stack in the rows and its verdict, and
 * with the plan form filled and the plan's answer when the URL asks one.
 */
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import type {
  DependencyIndex,
  PlanResult,
  ProjectIndexEntry,
  StackAnswer,
} from '../api/response-schemas.ts'
import { el, type MarkupElement } from './markup.ts'
import {
  ADD_ROW,
  EMPTY_PLAN,
  type NamedVersion,
  PATH,
  type PlanFields,
  ROW_NAME,
  ROW_VERSION,
  SUPPORTED_ON,
  TO,
  UNKNOWN,
  UPGRADE,
} from './plan-query.ts'
import { planResultMarkup } from './plan-result-markup.ts'
import { readinessRegion } from './readiness-markup.ts'
import {
  derivedComponents,
  type StackFileView,
  stackFileForm,
  stackFileResult,
} from './stack-file-markup.ts'
import { stackResultMarkup } from './stack-result-markup.ts'

/**
 * A text field as every field of the stack page is: no autocorrection, bounded length; `name`
 * is what the form sends it as without a script.
 */
export function stackTextInput(
  id: string,
  list?: string,
  value = '',
  name?: string,
  extra: Record<string, string | boolean> = {},
): MarkupElement {
  return el('input', {
    id,
    type: 'text',
    name,
    value: value === '' ? null : value,
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    list,
    ...extra,
  })
}

/**
 * One component row; `number` makes its ids. The script adds and removes rows like it; the
 * server fills them with a stack from the URL or derived from a file. `focus`: the row just
 * added without a script, which the browser focuses.
 */
export function componentRow(
  number: number,
  name = '',
  version = '',
  focus = false,
): MarkupElement {
  const nameId = `component-name-${number}`
  const versionId = `component-version-${number}`
  return el(
    'li',
    { class: 'component-row' },
    el(
      'div',
      { class: 'field' },
      el('label', { for: nameId }, 'Name'),
      stackTextInput(nameId, 'component-names', name, ROW_NAME, focus ? { autofocus: true } : {}),
    ),
    el(
      'div',
      { class: 'field' },
      el('label', { for: versionId }, 'Version'),
      stackTextInput(versionId, undefined, version, ROW_VERSION),
    ),
    // Removing needs the script; without one, a row emptied is left out.
    el(
      'button',
      {
        type: 'button',
        class: 'secondary remove needs-script',
        'aria-label': `Remove component ${number}`,
      },
      'Remove',
    ),
  )
}

/**
 * A stack asked in the page's URL (or sent by its form without a script), and what came of it:
 * the server shows it as the script would.
 */
export interface StackShown {
  /** The rows, as the URL lists the stack (or as the form sent them, empty ones too). */
  readonly components: readonly NamedVersion[]
  /** The plan form's fields, as the URL gives them. */
  readonly fields: PlanFields
  /** The stack's check on `today` (POST /api/v1/stack with that date); null when not asked. */
  readonly stack: StackAnswer | null
  /** The plan's answer (POST /api/v1/plan with planRequestOf(components, fields)), or null. */
  readonly answer: PlanResult | null
  /** The project index: which moved names link to their project's page. */
  readonly projects: readonly ProjectIndexEntry[]
  /** The day (UTC) the stack was judged on: which evidence is stale. */
  readonly today: string
  /** What is wrong with the rows or the stack, in words, beside the stack form. */
  readonly notice?: string
  /** What is wrong with the plan's fields, or why the plan was not asked, beside the plan form. */
  readonly planNotice?: string
  /** The last row was just added (without a script): the browser focuses it. */
  readonly focusLastRow?: boolean
}

/** A plan asked in the page's URL, answered. */
export interface PlanShown extends StackShown {
  readonly stack: StackAnswer
  readonly answer: PlanResult
}

// The stack form's id: the plan's fields belong to it too (their form attribute), so without a
// script one GET sends the rows and the plan together.
const STACK_FORM = 'stack-form'

/**
 * The content of `<main>` for `/stack`; `names`: every project id, alias and dependency key.
 * `file`: what came of a file posted to the page, and the day its stack was judged on (UTC:
 * which evidence is stale). `shown`: a stack (and a plan) asked in the page's URL, answered.
 * The answers come right under the forms that ask them: the verdict under the rows (after
 * what came of a file), the plan's under the plan form.
 */
export function stackPageMain(
  names: readonly string[],
  file: { readonly view: StackFileView; readonly today: string } | null = null,
  shown: StackShown | null = null,
): MarkupElement[] {
  const outcome = file?.view.outcome
  const derived = outcome !== undefined && 'derived' in outcome ? outcome.derived : null
  const components = shown?.components ?? (derived === null ? [] : derivedComponents(derived))
  return [
    el('h1', { id: 'stack-heading' }, 'Check a stack'),
    el(
      'p',
      { class: 'lead' },
      'Is your whole stack documented compatible with itself? Every component that is a catalogued project is read at the version you run, and each dependency it documents that is also in your stack is checked.',
    ),
    stackForm(components, shown?.focusLastRow === true, names),
    pasteBox(),
    el('div', { class: 'notice', id: 'stack-notice', role: 'alert' }, shown?.notice ?? null),
    el('p', {
      class: 'visually-hidden',
      role: 'status',
      'aria-live': 'polite',
      id: 'stack-status',
    }),
    el(
      'div',
      { class: 'file-result', id: 'file-result' },
      outcome === undefined
        ? null
        : stackFileResult(outcome, file?.view.limits, file?.view.textOmitted),
    ),
    readinessRegion(file?.view.readiness?.outcome ?? null),
    el('div', { class: 'check-result', id: 'stack-result' }, stackVerdict(file, shown)),
    stackFileForm(file?.view.text, file?.view.readiness?.target, file?.view.others),
    planForm(shown?.fields ?? EMPTY_PLAN, shown?.planNotice),
    el('p', {
      class: 'visually-hidden',
      role: 'status',
      'aria-live': 'polite',
      id: 'plan-status',
    }),
    el(
      'div',
      { class: 'check-result', id: 'plan-result' },
      shown === null || shown.answer === null
        ? null
        : planResultMarkup(shown.answer, shown.today, shown.projects),
    ),
  ]
}

/** The rows of the stack form, one a component (none: one empty row); the stack form itself. */
function stackForm(
  components: readonly (readonly [string, string])[],
  focusLastRow: boolean,
  names: readonly string[],
): MarkupElement {
  const rows =
    components.length === 0 || components.length > MAX_DEPENDENCIES
      ? [componentRow(1)]
      : components.map(([name, version], index) =>
          componentRow(index + 1, name, version, focusLastRow && index === components.length - 1),
        )
  return el(
    'form',
    {
      class: 'stack-form',
      id: STACK_FORM,
      method: 'get',
      action: '/stack#stack-result',
      'aria-labelledby': 'stack-heading',
      novalidate: true,
    },
    el(
      'p',
      { class: 'hint' },
      'Name each component as its project id, an alias or a dependency key (the list completes as you type), with the version you run: v1.27.1, 16.4-alpine and 1.33.2+k3s1 are read as deployed.',
    ),
    el('ol', { class: 'component-rows', id: 'component-rows', 'aria-label': 'Components' }, rows),
    el(
      'div',
      { class: 'form-actions' },
      // First: the button Enter presses in any field of the form.
      el('button', { type: 'submit' }, 'Check stack'),
      // Without a script, the page comes back with an empty row more, focused (autofocus:
      // an address with a fragment would keep the browser from focusing it).
      el(
        'button',
        {
          type: 'submit',
          class: 'secondary',
          id: 'add-component',
          name: ADD_ROW,
          value: '1',
          formaction: '/stack',
        },
        'Add a component',
      ),
    ),
    el(
      'datalist',
      { id: 'component-names' },
      [...new Set(names)].sort().map((name) => el('option', { value: name })),
    ),
  )
}

/** A stack file pasted, for the script to read (the page says it needs one). */
function pasteBox(): MarkupElement {
  return el(
    'details',
    { class: 'paste needs-script' },
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
  )
}

/** The verdict under the rows: of the stack in the URL, or of the stack a file made. */
function stackVerdict(
  file: { readonly view: StackFileView; readonly today: string } | null,
  shown: StackShown | null,
): MarkupElement | null {
  if (shown !== null)
    return shown.stack === null ? null : stackResultMarkup(shown.stack, shown.today)
  const outcome = file?.view.outcome
  const derived = outcome !== undefined && 'derived' in outcome ? outcome.derived : null
  if (derived === null || file === null || derivedComponents(derived).length === 0) return null
  return stackResultMarkup(derived, file.today)
}

/**
 * The plan form, its fields as given: **Upgrade** … **to**, **Supported on** (a day; with it
 * the target may stay empty), **One step at a time**, **Accept pairs the evidence cannot
 * decide**. Its fields belong to the stack form (STACK_FORM), so without a script **Plan
 * upgrade** sends the rows with them; `notice`: what is wrong with them, in words.
 */
export function planForm(fields: PlanFields, notice?: string): MarkupElement {
  const owned = { form: STACK_FORM }
  return el(
    'section',
    { class: 'plan-form', 'aria-labelledby': 'plan-heading' },
    el('h2', { id: 'plan-heading' }, 'Plan an upgrade'),
    el(
      'p',
      { class: 'hint' },
      'Which components must move, and to which documented versions, for one of them to reach a version, or for every component to be supported on a day? Nothing moves down; the plan moves as few components as it can.',
    ),
    el(
      'div',
      { class: 'plan-fields' },
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'upgrade-name' }, 'Upgrade'),
        stackTextInput('upgrade-name', 'component-names', fields.upgrade, UPGRADE, owned),
      ),
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'upgrade-version' }, 'to'),
        stackTextInput('upgrade-version', undefined, fields.to, TO, owned),
      ),
    ),
    supportedOnField(fields.supportedOn),
    planCheckbox(
      { id: 'plan-path', name: PATH, value: '1', checked: fields.path },
      'One step at a time',
      'The path there: one component moves one documented step at a time (as its upgrade rule allows), and no step breaks a pair that worked before it.',
    ),
    planCheckbox(
      { id: 'allow-unknown', name: UNKNOWN, value: 'allow', checked: fields.unknown === 'allow' },
      'Accept pairs the evidence cannot decide',
    ),
    el(
      'button',
      { type: 'submit', id: 'plan-submit', form: STACK_FORM, formaction: '/stack#plan-result' },
      'Plan upgrade',
    ),
    el('div', { class: 'notice', id: 'plan-notice', role: 'alert' }, notice ?? null),
  )
}

/** **Supported on**: a day every component with support dates must end supported on. */
function supportedOnField(day: string): MarkupElement {
  return el(
    'div',
    { class: 'field supported-on' },
    el('label', { for: 'supported-on' }, 'Supported on'),
    el('input', {
      id: 'supported-on',
      type: 'date',
      name: SUPPORTED_ON,
      form: STACK_FORM,
      value: day === '' ? null : day,
      'aria-describedby': 'supported-on-hint',
    }),
    el(
      'p',
      { class: 'hint', id: 'supported-on-hint' },
      'Optional: every component with support dates must end on a release line still supported (or getting security fixes) that day. With a day, the component to upgrade may be left empty.',
    ),
  )
}

/** A checkbox of the plan form, in the stack form, with its hint when it has one. */
function planCheckbox(
  input: {
    readonly id: string
    readonly name: string
    readonly value: string
    readonly checked: boolean
  },
  label: string,
  hint?: string,
): MarkupElement {
  const hintId = `${input.id}-hint`
  return el(
    'div',
    { class: 'field checkbox' },
    el(
      'label',
      { for: input.id },
      el('input', {
        id: input.id,
        type: 'checkbox',
        name: input.name,
        value: input.value,
        form: STACK_FORM,
        checked: input.checked,
        'aria-describedby': hint === undefined ? null : hintId,
      }),
      ` ${label}`,
    ),
    hint === undefined ? null : el('p', { class: 'hint', id: hintId }, hint),
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
