/**
 * The stack page (docs/web.md, "The stack page") as first shown: the component rows (one empty
 * row), the paste box, the file form and the plan form, with every name the rows complete
 * from. The script brings the forms to life and shows the results. After a file is posted to
 * the page, the server sends it with the stack derived from the file in the rows, what it made
 * of the file, and the stack's verdict.
 */
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import type { DependencyIndex, ProjectIndexEntry } from '../api/response-schemas.ts'
import { el, type MarkupElement, noScript } from './markup.ts'
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

/**
 * The content of `<main>` for `/stack`; `names`: every project id, alias and dependency key.
 * `file`: what came of a file posted to the page, and the day its stack was judged on (UTC:
 * which evidence is stale).
 */
export function stackPageMain(
  names: readonly string[],
  file: { readonly view: StackFileView; readonly today: string } | null = null,
): MarkupElement[] {
  const outcome = file?.view.outcome
  const derived = outcome !== undefined && 'derived' in outcome ? outcome.derived : null
  const components = derived === null ? [] : derivedComponents(derived)
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
    stackFileForm(file?.view.text),
    el('div', { class: 'notice', role: 'alert' }),
    el('p', { class: 'visually-hidden', role: 'status', id: 'stack-status' }),
    el(
      'div',
      { class: 'file-result', id: 'file-result' },
      outcome === undefined ? null : stackFileResult(outcome),
    ),
    el(
      'div',
      { class: 'check-result', id: 'stack-result' },
      derived === null || components.length === 0 || file === null
        ? null
        : stackResultMarkup(derived, file.today),
    ),
    el(
      'form',
      { class: 'plan-form', 'aria-labelledby': 'plan-heading', novalidate: true },
      el('h2', { id: 'plan-heading' }, 'Plan an upgrade'),
      el(
        'p',
        { class: 'hint' },
        'Which components must move, and to which documented versions, for one of them to reach a version? Nothing moves down; the plan moves as few components as it can.',
      ),
      el(
        'div',
        { class: 'plan-fields' },
        el(
          'div',
          { class: 'field' },
          el('label', { for: 'upgrade-name' }, 'Upgrade'),
          stackTextInput('upgrade-name', 'component-names'),
        ),
        el(
          'div',
          { class: 'field' },
          el('label', { for: 'upgrade-version' }, 'to'),
          stackTextInput('upgrade-version'),
        ),
      ),
      el(
        'div',
        { class: 'field checkbox' },
        el(
          'label',
          { for: 'allow-unknown' },
          el('input', { id: 'allow-unknown', type: 'checkbox' }),
          ' Accept pairs the evidence cannot decide',
        ),
      ),
      el('button', { type: 'submit' }, 'Plan upgrade'),
    ),
    el('p', { class: 'visually-hidden', role: 'status', id: 'plan-status' }),
    el('div', { class: 'check-result', id: 'plan-result' }),
  ]
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
