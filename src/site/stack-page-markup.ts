/**
 * The stack page (docs/web.md, "The stack page") as first shown: the component rows (one empty
 * row), the paste box and the plan form, with every name the rows complete from. The page's
 * script brings the forms to life and shows the results.
 */
import { MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import type {
  ComponentSupport,
  DependencyIndex,
  ProjectIndexEntry,
} from '../api/response-schemas.ts'
import { el, type MarkupElement, noScript } from './markup.ts'
import { daysLeftText, supportBadge, supportPhrase } from './support-status-markup.ts'

/** A text field as every field of the stack page is: no autocorrection, bounded length. */
export function stackTextInput(id: string, list?: string): MarkupElement {
  return el('input', {
    id,
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    list,
  })
}

/** One component row; `number` makes its ids. The script adds and removes rows like it. */
export function componentRow(number: number): MarkupElement {
  const name = `component-name-${number}`
  const version = `component-version-${number}`
  return el(
    'li',
    { class: 'component-row' },
    el(
      'div',
      { class: 'field' },
      el('label', { for: name }, 'Name'),
      stackTextInput(name, 'component-names'),
    ),
    el(
      'div',
      { class: 'field' },
      el('label', { for: version }, 'Version'),
      stackTextInput(version),
    ),
    el(
      'button',
      { type: 'button', class: 'secondary remove', 'aria-label': `Remove component ${number}` },
      'Remove',
    ),
  )
}

/** The content of `<main>` for `/stack`; `names`: every project id, alias and dependency key. */
export function stackPageMain(names: readonly string[]): MarkupElement[] {
  return [
    el('h1', { id: 'stack-heading' }, 'Check a stack'),
    el(
      'p',
      { class: 'lead' },
      'Is your whole stack documented compatible with itself? Every component that is a catalogued project is read at the version you run, and each dependency it documents that is also in your stack is checked.',
    ),
    noScript(
      'Checking a stack here needs JavaScript; the same check is ',
      el('code', {}, 'POST /api/v1/stack'),
      ' (see the ',
      el('a', { href: '/api/v1/docs' }, 'API documentation'),
      ').',
    ),
    el(
      'form',
      { class: 'stack-form', 'aria-labelledby': 'stack-heading', novalidate: true },
      el(
        'p',
        { class: 'hint' },
        'Name each component as its project id, an alias or a dependency key (the list completes as you type), with the version you run: v1.27.1, 16.4-alpine and 1.33.2+k3s1 are read as deployed.',
      ),
      el('ol', { class: 'component-rows', 'aria-label': 'Components' }, componentRow(1)),
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
    el('div', { class: 'notice', role: 'alert' }),
    el('p', { class: 'visually-hidden', role: 'status', id: 'stack-status' }),
    el('div', { class: 'check-result', id: 'stack-result' }),
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

/**
 * A component's support on the stack answer's date, for its line under **Components**: the
 * status with its date in a badge (words first, colour repeating them), the release line and
 * the days left. Null for a name that is no catalogued project: its line says so already.
 *
 * @example componentSupportLine(answer.support[0], answer.date) // Support on 2026-11-28: end of life since 2026-10-27 (release line 1.34)
 */
export function componentSupportLine(
  support: ComponentSupport,
  date: string,
): MarkupElement | null {
  if (support.project === null) return null
  const left =
    support.status === 'supported' || support.status === 'security-only'
      ? daysLeftText(support.daysLeft)
      : null
  return el(
    'span',
    { class: 'component-support block', 'data-status': support.status },
    `Support on ${date}: `,
    support.status === 'unknown'
      ? el('span', { class: 'muted' }, 'no support dates recorded for this version')
      : supportBadge(support.status, supportPhrase(support)),
    support.line === null
      ? ''
      : ` (release line ${support.line}${left === null ? '' : `, ${left}`})`,
  )
}

/**
 * Said beside the verdict when a component is past its end of life: the verdict is about
 * compatibility and stays what it is, but a reader must not miss that. Null when none is.
 */
export function endOfLifeWarning(
  support: readonly ComponentSupport[],
  date: string,
): MarkupElement | null {
  const ended = support.filter((component) => component.status === 'end-of-life')
  if (ended.length === 0) return null
  return el(
    'div',
    { class: 'support-warning', id: 'stack-end-of-life' },
    el(
      'p',
      {},
      el('span', { class: 'warning-sign', 'aria-hidden': 'true' }, '⚠ '),
      el(
        'strong',
        {},
        ended.length === 1
          ? 'End of life: 1 component gets no more fixes'
          : `End of life: ${ended.length} components get no more fixes`,
      ),
      ` on ${date}, security fixes included. The verdict is about compatibility alone.`,
    ),
    el(
      'ul',
      { 'aria-label': 'Components past their end of life' },
      ended.map((component) =>
        el(
          'li',
          {},
          el('strong', {}, component.component),
          ' ',
          el('span', { class: 'version' }, component.version),
          `: ${supportPhrase(component)}`,
          component.line === null ? '' : ` (release line ${component.line})`,
        ),
      ),
    ),
  )
}
