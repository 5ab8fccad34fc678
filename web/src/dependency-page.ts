/**
 * `/dependencies/<key>`: who documents a dependency (the reverse view), each entry linking to
 * its project's page and evidence; `?version=18` judges every entry against that version.
 */
import { MAX_VALUE_LENGTH } from '../../src/api/limits.ts'
import { nearestNames } from '../../src/core/names/nearest-names.ts'
import { evidenceAnchor, sinceText } from '../../src/site/project-model.ts'
import {
  type DependencyUse,
  type DependencyView,
  describeFailure,
  getDependency,
  listDependencies,
  listProjects,
} from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { confidenceBadge, staleMark, verdictLabel } from './evidence.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'

export async function renderDependencyPage(main: HTMLElement, dependency: string): Promise<void> {
  // The index and the project list first: a name nothing documents then costs no 404 request
  // (a console error in browsers), and its nearest names come from the same lists.
  const [index, projects] = await Promise.all([listDependencies(), listProjects()])
  const keys = new Set(index.dependencies.map((row) => row.dependency))
  const project = projects.find(
    (entry) => entry.id === dependency || (entry.aliases ?? []).includes(dependency),
  )
  const names = project === undefined ? [dependency] : [project.id, ...(project.aliases ?? [])]
  if (!names.some((name) => keys.has(name))) {
    const known = [...keys, ...projects.flatMap((entry) => [entry.id, ...(entry.aliases ?? [])])]
    renderDependencyNotFound(main, dependency, nearestNames(dependency, known))
    return
  }
  const asked = new URLSearchParams(location.search).get('version') ?? ''
  const view = await getDependency(dependency, asked === '' ? undefined : asked)
  if ('notFound' in view) {
    renderDependencyNotFound(main, dependency, [])
    return
  }
  document.title = `Who documents ${dependency} · compat`
  const input = h('input', {
    id: 'dependency-version',
    name: 'version',
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    maxlength: String(MAX_VALUE_LENGTH),
    placeholder: 'e.g. 18',
    'aria-describedby': 'dependency-version-hint',
  })
  input.value = asked
  const onlyCompatible = h('input', { id: 'only-compatible', type: 'checkbox' })
  const status = h('p', { role: 'status', class: 'count' })
  const notice = h('div', { class: 'notice', role: 'alert' })
  const results = h('div', { class: 'dependency-results' })

  const views = new LatestRequest(results)
  const show = (shown: DependencyView) => {
    const rows = onlyCompatible.checked
      ? shown.entries.filter((row) => row.compatible === 'compatible')
      : shown.entries
    replaceChildren(results, projectGroups(rows, shown.dependency))
    status.textContent = summary(shown, rows.length)
  }
  const apply = async (version: string, history: 'push' | 'replace' | null) => {
    notice.textContent = ''
    if (history !== null) setVersionInUrl(version, history)
    await views.run(
      (signal) => getDependency(dependency, version === '' ? undefined : version, signal),
      (shown) => {
        if ('notFound' in shown) {
          notice.textContent = shown.notFound
          return
        }
        onlyCompatible.disabled = shown.version === null
        if (shown.version === null) onlyCompatible.checked = false
        show(shown)
      },
      (error) => {
        notice.textContent = `The view failed: ${describeFailure(error)}`
      },
    )
  }

  const form = h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': `Judge the entries for a version of ${dependency}`,
    },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'dependency-version' }, `Your ${dependency} version`),
      input,
      h(
        'span',
        { class: 'hint', id: 'dependency-version-hint' },
        'Every entry is judged against it, as a check would; leave it empty to list the entries only.',
      ),
    ),
    h('div', { class: 'field actions' }, h('button', { type: 'submit' }, 'Show support')),
    h(
      'div',
      { class: 'field checkbox' },
      h('label', { for: 'only-compatible' }, onlyCompatible, ' Only entries compatible with it'),
    ),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void apply(input.value.trim(), 'push')
  })
  onlyCompatible.addEventListener('change', () => void apply(input.value.trim(), null))
  window.addEventListener('popstate', () => {
    const version = new URLSearchParams(location.search).get('version') ?? ''
    input.value = version
    void apply(version, null)
  })

  replaceChildren(
    main,
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'breadcrumb' },
      h('a', { href: '/dependencies' }, 'All dependencies'),
    ),
    h('h1', {}, `Who documents ${dependency}`),
    h(
      'p',
      { class: 'lead' },
      view.project === null
        ? `Every project version that documents ${dependency}.`
        : [
            `Every project version that documents ${dependency}, by any name of the catalogued project `,
            h('a', { href: `/projects/${encodeURIComponent(view.project)}` }, view.project),
            '.',
          ],
    ),
    form,
    notice,
    status,
    results,
  )
  onlyCompatible.disabled = view.version === null
  show(view)
}

function summary(view: DependencyView, shown: number): string {
  const projects = new Set(view.entries.map((row) => row.project)).size
  const base = `${view.entries.length} entries in ${projects} projects document ${view.dependency}`
  if (view.version === null) return `${base}.`
  const count = (verdict: string) => view.entries.filter((row) => row.compatible === verdict).length
  const filtered = shown === view.entries.length ? '' : ` Showing the ${shown} compatible.`
  return `${base}. With ${view.version}: ${count('compatible')} compatible, ${count('incompatible')} incompatible, ${count('unknown')} unknown.${filtered}`
}

/** One section per project, its entries newest version first. */
function projectGroups(rows: readonly DependencyUse[], dependency: string): HTMLElement[] {
  const byProject = new Map<string, DependencyUse[]>()
  for (const row of rows) byProject.set(row.project, [...(byProject.get(row.project) ?? []), row])
  return [...byProject].map(([project, entries]) =>
    h(
      'section',
      { class: 'dependency-project', 'aria-labelledby': `project-${project}` },
      h(
        'h2',
        { id: `project-${project}` },
        h('a', { href: `/projects/${encodeURIComponent(project)}` }, project),
      ),
      h(
        'ul',
        { class: 'use-list', 'aria-label': `${project} versions` },
        entries.map((row) => useItem(row, dependency)),
      ),
    ),
  )
}

function useItem(row: DependencyUse, dependency: string): HTMLLIElement {
  const documented = [...row.ranges, ...row.constraints.map((constraint) => constraint.type)]
  const evidence = `/projects/${encodeURIComponent(row.project)}#${evidenceAnchor(row.version, row.key)}`
  return h(
    'li',
    { class: `use-item${row.compatible === undefined ? '' : ` check-${row.compatible}`}` },
    h(
      'p',
      { class: 'use-head' },
      h('strong', { class: 'version' }, row.version),
      row.since ? h('span', { class: 'muted' }, ` (${sinceText(row.version)})`) : null,
      row.compatible === undefined ? null : [' ', verdictLabel(row.compatible)],
    ),
    h(
      'p',
      {},
      h(
        'span',
        { class: 'rule' },
        documented.length === 0 ? 'no documented range' : documented.join(', '),
      ),
      row.basis === 'tested' ? ' (tested versions)' : '',
      row.key === dependency ? '' : h('span', { class: 'muted' }, ` (documented as ${row.key})`),
    ),
    row.reason === undefined ? null : h('p', { class: 'reason' }, row.reason),
    h(
      'p',
      { class: 'badges' },
      h('span', { class: 'relationship' }, row.relationship),
      ' ',
      confidenceBadge(row.confidence),
      ' ',
      h('span', { class: 'muted' }, `verified ${row.lastVerified ?? 'never'}`),
      ' ',
      staleMark(row.lastVerified),
      ' ',
      h('a', { href: evidence }, 'evidence'),
    ),
  )
}

function setVersionInUrl(version: string, mode: 'push' | 'replace'): void {
  setQuery(new URLSearchParams(version === '' ? {} : { version }), mode)
}

export function renderDependencyNotFound(
  main: HTMLElement,
  dependency: string,
  nearest: readonly string[],
): void {
  document.title = 'Not found · compat'
  replaceChildren(
    main,
    h('h1', {}, 'Dependency not found'),
    h(
      'p',
      {},
      'No project documents a dependency “',
      h('span', { class: 'version' }, dependency),
      '”. It may be spelled differently in the data.',
    ),
    nearest.length === 0
      ? null
      : h(
          'p',
          {},
          'Did you mean ',
          nearest.flatMap((name, at) => [
            at === 0 ? '' : at === nearest.length - 1 ? ' or ' : ', ',
            h('a', { href: `/dependencies/${encodeURIComponent(name)}` }, name),
          ]),
          '?',
        ),
    h('p', {}, h('a', { href: '/dependencies' }, 'See every dependency')),
  )
}
