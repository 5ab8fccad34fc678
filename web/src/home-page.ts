/** `/`: every project with its categories and latest version, filtered as you type. */
import { homePageMain } from '../../src/site/home-page-markup.ts'
import { rankedBy } from '../../src/site/search-rank.ts'
import { listProjects, type ProjectIndexEntry } from './api.ts'
import { replaceChildren } from './dom.ts'
import { setQuery } from './page-url.ts'
import { today } from './today.ts'

export async function renderHomePage(main: HTMLElement): Promise<void> {
  const projects = await listProjects()
  if (main.dataset.page !== 'home') {
    document.title = 'Projects · compat'
    replaceChildren(main, homePageMain(projects, today()))
    main.dataset.page = 'home'
  }
  const search = main.querySelector<HTMLInputElement>('#search')
  const category = main.querySelector<HTMLSelectElement>('#category')
  const count = main.querySelector<HTMLElement>('.count')
  const empty = main.querySelector<HTMLElement>('.empty')
  if (search === null || category === null || count === null || empty === null) return
  const query = new URLSearchParams(location.search)
  search.value = query.get('q') ?? ''
  const asked = query.get('category') ?? ''
  category.value = [...category.options].some((option) => option.value === asked) ? asked : ''

  // Cards by id: the page may come from the server, the list from the API.
  const byId = new Map(projects.map((project) => [project.id, project]))
  const cards = [...main.querySelectorAll<HTMLElement>('.project-card')].flatMap((card) => {
    const project = byId.get(card.dataset.id ?? '')
    return project === undefined ? [] : [{ project, card }]
  })

  const list = main.querySelector<HTMLElement>('.project-list')
  const applyFilter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean)
    let shown = 0
    for (const { project, card } of cards) {
      const visible = matches(project, words, category.value)
      card.hidden = !visible
      if (visible) shown++
    }
    // What is named exactly what was typed comes first (`postgres`: PostgreSQL).
    list?.append(...rankedBy(cards, search.value, ({ project }) => project).map(({ card }) => card))
    count.textContent =
      shown === cards.length
        ? `${cards.length} projects`
        : `${shown} of ${cards.length} projects match`
    empty.hidden = shown > 0
    keepFilterInUrl(search.value, category.value)
  }
  search.addEventListener('input', applyFilter)
  category.addEventListener('change', applyFilter)
  // Filtering runs client side only; the form has nothing to submit.
  main.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault())
  applyFilter()
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
