/** `/dependencies` (docs/web.md, "Pages"): every dependency key, each linking to its page. */
import type { DependencyIndex } from '../api/response-schemas.ts'
import { el, type MarkupElement, noScript } from './markup.ts'
import { dependencyPath, projectPath } from './page-paths.ts'

/** The content of `<main>` for `/dependencies`; the script filters the list as you type. */
export function dependenciesPageMain({ dependencies }: DependencyIndex): MarkupElement[] {
  return [
    el('h1', {}, 'Dependencies'),
    el(
      'p',
      { class: 'lead' },
      'Every runtime, database, platform and part the projects document. Pick one to see who supports which of its versions.',
    ),
    el(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Filter dependencies' },
      el(
        'div',
        { class: 'field' },
        el('label', { for: 'dependency-search' }, 'Search'),
        el('input', {
          id: 'dependency-search',
          type: 'search',
          autocomplete: 'off',
          spellcheck: 'false',
          'aria-describedby': 'dependency-search-hint',
        }),
        el('span', { class: 'hint', id: 'dependency-search-hint' }, 'By key or linked project'),
      ),
    ),
    noScript('Filtering needs JavaScript; every dependency is listed below.'),
    el('p', { role: 'status', class: 'count' }, `${dependencies.length} dependencies`),
    el(
      'ul',
      { class: 'dependency-list', 'aria-label': 'Dependencies' },
      dependencies.map((row) =>
        el(
          'li',
          { 'data-search': `${row.dependency} ${row.project ?? ''}` },
          el('a', { href: dependencyPath(row.dependency) }, row.dependency),
          el(
            'span',
            { class: 'muted' },
            ` ${row.projects === 1 ? '1 project' : `${row.projects} projects`}, ${row.entries === 1 ? '1 entry' : `${row.entries} entries`}`,
          ),
          row.project === null
            ? null
            : [' · ', el('a', { href: projectPath(row.project) }, `project ${row.project}`)],
        ),
      ),
    ),
  ]
}
