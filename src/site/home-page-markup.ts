/**
 * The home page (docs/web.md, "Pages"): every project as a card, with the search box and the
 * category select the page's script brings to life.
 */
import type { ProjectIndexEntry } from '../api/response-schemas.ts'
import { staleMark } from './evidence-markup.ts'
import { el, type MarkupElement, noScript } from './markup.ts'
import { projectPath } from './page-paths.ts'

/** The content of `<main>` for `/`. */
export function homePageMain(
  projects: readonly ProjectIndexEntry[],
  today: string,
): MarkupElement[] {
  const counts = categoryCounts(projects)
  return [
    el('h1', { id: 'projects-heading' }, 'Projects'),
    el(
      'p',
      { class: 'lead' },
      'Which runtime, database and platform versions each project release documents as compatible, with the evidence. Pick a project to see its matrix and check your versions.',
    ),
    startHere(projects),
    el(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Filter projects' },
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'search' }, 'Search'),
        el('input', {
          id: 'search',
          type: 'search',
          name: 'q',
          autocomplete: 'off',
          spellcheck: 'false',
          'aria-describedby': 'search-hint',
        }),
        el(
          'span',
          { id: 'search-hint', class: 'hint' },
          'By name, id, alias, description or category',
        ),
      ),
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'category' }, 'Category'),
        el(
          'select',
          { id: 'category', name: 'category' },
          el('option', { value: '' }, 'All categories'),
          [...counts].map(([name, count]) => el('option', { value: name }, `${name} (${count})`)),
        ),
      ),
    ),
    noScript('Filtering needs JavaScript; every project is listed below.'),
    el('p', { role: 'status', class: 'count' }, `${projects.length} projects`),
    el(
      'ul',
      { class: 'project-list', 'aria-label': 'Projects' },
      projects.map((project) => projectCard(project, today)),
    ),
    el(
      'p',
      { class: 'empty', hidden: true },
      'No project matches this search. Try fewer words or all categories.',
    ),
  ]
}

// The examples the home page offers: [the projects they need, the link, its words]. Each is
// offered only when the served data has those projects.
const STACK_EXAMPLE =
  'kubernetes=1.31&cert-manager=1.15&cloudnative-pg=1.24&ingress-nginx=1.12.0&argo-cd=2.14'
const EXAMPLES: Readonly<
  Record<'stack' | 'plan' | 'dependency' | 'project', readonly [readonly string[], string, string]>
> = {
  stack: [
    ['kubernetes', 'cert-manager', 'cloudnative-pg', 'ingress-nginx', 'argo-cd'],
    `/stack?${STACK_EXAMPLE}`,
    'Kubernetes 1.31 with cert-manager 1.15, CloudNativePG 1.24, ingress-nginx 1.12.0 and Argo CD 2.14',
  ],
  plan: [
    ['kubernetes', 'cert-manager', 'cloudnative-pg', 'ingress-nginx', 'argo-cd'],
    `/stack?${STACK_EXAMPLE}&upgrade=kubernetes&to=1.34&path=1`,
    'that stack to Kubernetes 1.34, one step at a time',
  ],
  dependency: [
    ['postgresql'],
    '/dependencies/postgresql?version=18',
    'who works with PostgreSQL 18',
  ],
  project: [['django'], '/projects/django?version=5.2&python=3.13', 'Django 5.2 with Python 3.13'],
}

/**
 * What the site answers, each with an example to try: a stack, a plan, a dependency's
 * version, a project's versions (the list below).
 */
function startHere(projects: readonly ProjectIndexEntry[]): MarkupElement {
  const ids = new Set(projects.map((project) => project.id))
  const example = (kind: keyof typeof EXAMPLES) => {
    const [needs, href, words] = EXAMPLES[kind]
    return needs.every((id) => ids.has(id))
      ? [' Try ', el('a', { href, class: 'example' }, words), '.']
      : null
  }
  return el(
    'section',
    { class: 'start-here', 'aria-labelledby': 'start-heading' },
    el('h2', { id: 'start-heading' }, 'What you can ask'),
    el(
      'ul',
      { class: 'start-list' },
      el(
        'li',
        {},
        el('a', { href: '/stack' }, 'Check a stack'),
        ': is your whole stack documented compatible with itself, and is each part still supported?',
        example('stack'),
      ),
      el(
        'li',
        {},
        el('a', { href: '/stack#plan-heading' }, 'Plan an upgrade'),
        ': what must move, and to which versions, to reach a version or to be supported on a day?',
        example('plan'),
      ),
      el(
        'li',
        {},
        el('a', { href: '/dependencies' }, 'Who works with a version'),
        ': pick a runtime, database or platform and a version of it.',
        example('dependency'),
      ),
      el(
        'li',
        {},
        el('a', { href: '#projects-heading' }, 'Check one project'),
        ': pick it below and enter your versions.',
        example('project'),
      ),
    ),
  )
}

/** Categories with how many projects share each, the most shared first: the ones worth filtering by. */
export function categoryCounts(projects: readonly ProjectIndexEntry[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const project of projects) {
    for (const name of project.categories) counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return new Map(
    [...counts].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b)),
  )
}

function projectCard(project: ProjectIndexEntry, today: string): MarkupElement {
  const latest = project.versions[0]
  const oldest = project.verified.oldest
  return el(
    'li',
    { class: 'project-card', 'data-id': project.id },
    el('h2', {}, el('a', { href: projectPath(project.id) }, project.name)),
    el('p', { class: 'muted project-id' }, project.id),
    project.description === undefined
      ? null
      : el('p', { class: 'description' }, project.description),
    el(
      'p',
      {},
      'Newest documented: ',
      latest === undefined ? 'none listed' : el('strong', { class: 'version' }, latest),
    ),
    el(
      'p',
      { class: 'freshness' },
      oldest === null ? 'Some evidence never verified ' : `Evidence verified since ${oldest} `,
      staleMark(oldest, today),
    ),
    el(
      'ul',
      { class: 'tags', 'aria-label': 'Categories' },
      project.categories.map((name) => el('li', {}, name)),
    ),
  )
}
