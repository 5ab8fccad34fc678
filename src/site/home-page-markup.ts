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
    el('h1', {}, 'Projects'),
    el(
      'p',
      { class: 'lead' },
      'Which runtime, database and platform versions each project release documents as compatible, with the evidence. Pick a project to see its matrix and check your versions.',
    ),
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
