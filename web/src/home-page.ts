/** `/`: every project with its categories and latest version, filtered as you type. */
import { listProjects, type ProjectIndexEntry } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { staleMark } from './evidence.ts'
import { setQuery } from './page-url.ts'

export async function renderHomePage(main: HTMLElement): Promise<void> {
  document.title = 'Projects · compat'
  const projects = await listProjects()
  const counts = new Map<string, number>()
  for (const project of projects) {
    for (const name of project.categories) counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  // The categories most projects share first: the ones worth filtering by.
  const categories = [...counts.keys()].sort(
    (a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b),
  )
  const query = new URLSearchParams(location.search)

  const search = h('input', {
    id: 'search',
    type: 'search',
    name: 'q',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'search-hint',
  })
  search.value = query.get('q') ?? ''
  const category = h(
    'select',
    { id: 'category', name: 'category' },
    h('option', { value: '' }, 'All categories'),
    categories.map((name) => h('option', { value: name }, `${name} (${counts.get(name)})`)),
  )
  category.value = categories.includes(query.get('category') ?? '')
    ? (query.get('category') ?? '')
    : ''

  const cards = projects.map((project) => ({ project, card: projectCard(project) }))
  const count = h('p', { role: 'status', class: 'count' })
  const empty = h('p', { class: 'empty', hidden: true })

  const applyFilter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean)
    let shown = 0
    for (const { project, card } of cards) {
      const visible = matches(project, words, category.value)
      card.hidden = !visible
      if (visible) shown++
    }
    count.textContent =
      shown === projects.length
        ? `${projects.length} projects`
        : `${shown} of ${projects.length} projects match`
    empty.hidden = shown > 0
    empty.textContent = 'No project matches this search. Try fewer words or all categories.'
    keepFilterInUrl(search.value, category.value)
  }
  search.addEventListener('input', applyFilter)
  category.addEventListener('change', applyFilter)

  replaceChildren(
    main,
    h('h1', {}, 'Projects'),
    h(
      'p',
      { class: 'lead' },
      'Which runtime, database and platform versions each project release documents as compatible, with the evidence. Pick a project to see its matrix and check your versions.',
    ),
    h(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Filter projects' },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'search' }, 'Search'),
        search,
        h(
          'span',
          { id: 'search-hint', class: 'hint' },
          'By name, id, alias, description or category',
        ),
      ),
      h('div', { class: 'field' }, h('label', { for: 'category' }, 'Category'), category),
    ),
    count,
    h(
      'ul',
      { class: 'project-list', 'aria-label': 'Projects' },
      cards.map(({ card }) => card),
    ),
    empty,
  )
  // Filtering runs client side only; the form has nothing to submit.
  main.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault())
  applyFilter()
}

function projectCard(project: ProjectIndexEntry): HTMLLIElement {
  const latest = project.versions[0]
  const oldest = project.verified.oldest
  return h(
    'li',
    { class: 'project-card' },
    h('h2', {}, h('a', { href: `/projects/${encodeURIComponent(project.id)}` }, project.name)),
    h('p', { class: 'muted project-id' }, project.id),
    project.description === undefined
      ? null
      : h('p', { class: 'description' }, project.description),
    h(
      'p',
      {},
      'Newest documented: ',
      latest === undefined ? 'none listed' : h('strong', { class: 'version' }, latest),
    ),
    h(
      'p',
      { class: 'freshness' },
      oldest === null ? 'Some evidence never verified ' : `Evidence verified since ${oldest} `,
      staleMark(oldest),
    ),
    h(
      'ul',
      { class: 'tags', 'aria-label': 'Categories' },
      project.categories.map((name) => h('li', {}, name)),
    ),
  )
}

/**
 * Every word must appear in the name, the id, an alias, the description or a category; the
 * category must match exactly.
 */
function matches(project: ProjectIndexEntry, words: readonly string[], category: string): boolean {
  if (category !== '' && !project.categories.includes(category)) return false
  const haystack = [
    project.name,
    project.id,
    ...(project.aliases ?? []),
    project.description ?? '',
    ...project.categories,
  ]
    .join(' ')
    .toLowerCase()
  return words.every((word) => haystack.includes(word))
}

/** The filter lives in the URL (replaceState): a reload or a shared link shows the same list. */
function keepFilterInUrl(search: string, category: string): void {
  const query = new URLSearchParams()
  if (search.trim() !== '') query.set('q', search)
  if (category !== '') query.set('category', category)
  setQuery(query, 'replace')
}
