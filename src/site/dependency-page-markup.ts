/**
 * A dependency's page (docs/web.md, "A dependency's page"): who documents it, one section per
 * project, with the form the page's script uses to judge every entry against a version.
 */
import { MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import type {
  DependencyIndex,
  DependencyUse,
  DependencyView,
  ProjectIndexEntry,
} from '../api/response-schemas.ts'
import { statusWords } from '../api/support-status-words.ts'
import { nearestNames } from '../core/names/nearest-names.ts'
import { DEPENDENCY_ANSWER_ID, dependencyAnswerMarkup } from './dependency-answer-markup.ts'
import { confidenceBadge, staleMark, verdictLabel } from './evidence-markup.ts'
import { el, type MarkupElement } from './markup.ts'
import { dependencyPath, projectPath } from './page-paths.ts'
import { evidenceAnchor, sinceText } from './project-model.ts'
import { dependencySupportChart } from './support-chart.ts'
import { getsFixes, supportBadge } from './support-status-markup.ts'

/** The content of `<main>` for `/dependencies/<key>`, showing `view`. */
export function dependencyPageMain(
  view: DependencyView,
  dependency: string,
  today: string,
): MarkupElement[] {
  const judged = view.version !== null
  // The support filter only where some entry's release line has support dates: elsewhere it
  // would hide every entry.
  const supportKnown = view.entries.some((row) => row.status !== 'unknown')
  return [
    el(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      el('a', { href: '/dependencies' }, 'All dependencies'),
    ),
    el('h1', {}, `Who documents ${dependency}`),
    el(
      'p',
      { class: 'lead' },
      view.project === null
        ? `Every project version that documents ${dependency}.`
        : [
            `Every project version that documents ${dependency}, by any name of the catalogued project `,
            el('a', { href: projectPath(view.project) }, view.project),
            '.',
          ],
    ),
    el(
      'form',
      {
        class: 'filters',
        role: 'search',
        'aria-label': `Judge the entries for a version of ${dependency}`,
        // Without a script the server judges the version sent and leads with the answer.
        action: `${dependencyPath(dependency)}#${DEPENDENCY_ANSWER_ID}`,
      },
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'dependency-version' }, `Your ${dependency} version`),
        el('input', {
          id: 'dependency-version',
          name: 'version',
          type: 'text',
          autocomplete: 'off',
          autocapitalize: 'off',
          spellcheck: 'false',
          maxlength: String(MAX_VALUE_LENGTH),
          placeholder: 'e.g. 18',
          'aria-describedby': 'dependency-version-hint',
          value: view.version ?? '',
        }),
        el(
          'span',
          { class: 'hint', id: 'dependency-version-hint' },
          'Every entry is judged against it, as a check would, and the page leads with the newest version of each project that works with it; leave it empty to list the entries only.',
        ),
      ),
      el('div', { class: 'field actions' }, el('button', { type: 'submit' }, 'Show support')),
      el(
        'div',
        { class: 'field checkbox' },
        el(
          'label',
          { for: 'only-compatible' },
          el('input', { id: 'only-compatible', type: 'checkbox', disabled: !judged }),
          ' Only entries compatible with it',
        ),
      ),
      supportKnown && supportFilter(view.date),
    ),
    el('div', { class: 'notice', role: 'alert' }),
    el('p', { role: 'status', class: 'count' }, dependencySummary(view)),
    el(
      'p',
      { class: 'compatible-note', id: COMPATIBLE_NOTE_ID },
      judged ? compatibleNote(view.entries, view.version ?? '') : null,
    ),
    supportKnown
      ? el(
          'p',
          { class: 'supported-note', id: SUPPORTED_NOTE_ID, 'data-date': view.date },
          supportedNote(view.entries, view.date),
        )
      : null,
    el('div', { id: DEPENDENCY_ANSWER_ID }, dependencyAnswerMarkup(view)),
    dependencySupportChart(view.entries, view.dependency),
    el(
      'div',
      { class: 'dependency-results' },
      projectGroups(view.entries, view.dependency, today, view.version),
    ),
  ].filter((part): part is MarkupElement => part !== null)
}

export const COMPATIBLE_NOTE_ID = 'compatible-note'

/** Said while **Only entries compatible with it** is checked (the stylesheet shows it then). */
export function compatibleNote(rows: readonly DependencyUse[], version: string): string {
  const kept = rows.filter((row) => row.compatible === 'compatible').length
  return `Showing the ${kept === 1 ? 'entry' : `${kept} entries`} compatible with ${version}; ${rows.length - kept} hidden.`
}

export const SUPPORTED_NOTE_ID = 'supported-note'

/**
 * "Only entries of supported release lines": a checkbox that works without a script. The
 * stylesheet hides, while it is checked, every entry whose `data-status` is neither
 * `supported` nor `security-only` (and a project left with none) by `:has()`; the note under
 * the count says how many that hides, shown only then.
 */
function supportFilter(date: string): MarkupElement {
  return el(
    'div',
    { class: 'field checkbox' },
    el(
      'label',
      { for: 'only-supported' },
      el('input', {
        id: 'only-supported',
        type: 'checkbox',
        'aria-describedby': 'only-supported-hint',
      }),
      ' Only entries whose release line is still supported',
    ),
    el(
      'span',
      { class: 'hint', id: 'only-supported-hint' },
      `Supported or getting security fixes on ${date}, by the project’s support windows; entries without support dates are hidden too.`,
    ),
  )
}

/** What the support filter hides among `rows` (the entries listed), in words. */
export function supportedNote(
  rows: readonly Pick<DependencyUse, 'status'>[],
  date: string,
): string {
  const kept = rows.filter((row) => getsFixes(row.status)).length
  const hidden = rows.length - kept
  const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`)
  return `Showing ${entries(kept)} whose release line is supported on ${date}; ${entries(hidden)} hidden (end of life, not released yet, or no support dates recorded).`
}

/** "218 entries in 112 projects document postgresql. With 18: …". */
export function dependencySummary(view: DependencyView): string {
  const projects = new Set(view.entries.map((row) => row.project)).size
  const base = `${view.entries.length} entries in ${projects} projects document ${view.dependency}`
  if (view.version === null) return `${base}.`
  const count = (verdict: string) => view.entries.filter((row) => row.compatible === verdict).length
  return `${base}. With ${view.version}: ${count('compatible')} compatible, ${count('incompatible')} incompatible, ${count('unknown')} unknown.`
}

// Pages with more entries than this fold each project's entries: the answer (or the chart)
// leads, and a page of hundreds of releases stays short.
const OPEN_UP_TO = 20

/**
 * One section per project, its entries newest version first, folded (a `<details>` whose
 * summary says how many, and how many are compatible with the version judged) when the page
 * lists more than a few.
 */
export function projectGroups(
  rows: readonly DependencyUse[],
  dependency: string,
  today: string,
  version: string | null = null,
): MarkupElement[] {
  const byProject = new Map<string, DependencyUse[]>()
  for (const row of rows) byProject.set(row.project, [...(byProject.get(row.project) ?? []), row])
  const open = rows.length <= OPEN_UP_TO
  return [...byProject].map(([project, entries]) => {
    const compatible = entries.filter((row) => row.compatible === 'compatible').length
    return el(
      'section',
      { class: 'dependency-project', 'aria-labelledby': `project-${project}` },
      el('h2', { id: `project-${project}` }, el('a', { href: projectPath(project) }, project)),
      el(
        'details',
        { class: 'use-fold', open },
        el(
          'summary',
          {},
          `${entries.length === 1 ? '1 version documents' : `${entries.length} versions document`} ${dependency}`,
          version === null ? '' : `, ${compatible} compatible with ${version}`,
        ),
        el(
          'ul',
          { class: 'use-list', 'aria-label': `${project} versions` },
          entries.map((row) => useItem(row, dependency, today)),
        ),
      ),
    )
  })
}

function useItem(row: DependencyUse, dependency: string, today: string): MarkupElement {
  const documented = [...row.ranges, ...row.constraints.map((constraint) => constraint.type)]
  const evidence = `${projectPath(row.project)}#${evidenceAnchor(row.version, row.key)}`
  return el(
    'li',
    {
      class: `use-item${row.compatible === undefined ? '' : ` check-${row.compatible}`}`,
      'data-status': row.status,
    },
    el(
      'p',
      { class: 'use-head' },
      el('strong', { class: 'version' }, row.version),
      row.since ? el('span', { class: 'muted' }, ` (${sinceText(row.version)})`) : null,
      row.compatible === undefined ? null : [' ', verdictLabel(row.compatible)],
      row.status === 'unknown' ? null : [' ', supportBadge(row.status, statusWords(row.status))],
    ),
    el(
      'p',
      {},
      el(
        'span',
        { class: 'rule' },
        documented.length === 0 ? 'no documented range' : documented.join(', '),
      ),
      row.basis === 'tested' ? ' (tested versions)' : '',
      row.key === dependency ? '' : el('span', { class: 'muted' }, ` (documented as ${row.key})`),
    ),
    row.reason === undefined ? null : el('p', { class: 'reason' }, row.reason),
    el(
      'p',
      { class: 'badges' },
      el('span', { class: 'relationship' }, row.relationship),
      ' ',
      confidenceBadge(row.confidence),
      ' ',
      el('span', { class: 'muted' }, `verified ${row.lastVerified ?? 'never'}`),
      ' ',
      staleMark(row.lastVerified, today),
      ' ',
      el('a', { href: evidence }, 'evidence'),
    ),
  )
}

/** The content of `<main>` for a dependency nothing documents, with the nearest names. */
export function dependencyNotFoundMain(
  dependency: string,
  nearest: readonly string[],
): MarkupElement[] {
  return [
    el('h1', {}, 'Dependency not found'),
    el(
      'p',
      {},
      'No project documents a dependency “',
      el('span', { class: 'version' }, dependency),
      '”. It may be spelled differently in the data.',
    ),
    nearest.length === 0
      ? null
      : el(
          'p',
          {},
          'Did you mean ',
          nearest.flatMap((name, at) => [
            at === 0 ? '' : at === nearest.length - 1 ? ' or ' : ', ',
            el('a', { href: dependencyPath(name) }, name),
          ]),
          '?',
        ),
    el('p', {}, el('a', { href: '/dependencies' }, 'See every dependency')),
  ].filter((part): part is MarkupElement => part !== null)
}

/** The names a mistyped dependency most likely meant: keys, project ids and aliases. */
export function nearestDependencyNames(
  data: {
    readonly projects: readonly ProjectIndexEntry[]
    readonly dependencies: DependencyIndex
  },
  name: string,
): string[] {
  const known = [
    ...data.dependencies.dependencies.map((row) => row.dependency),
    ...data.projects.flatMap((entry) => [entry.id, ...(entry.aliases ?? [])]),
  ]
  return nearestNames(name, known)
}
