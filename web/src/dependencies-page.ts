/** `/dependencies`: every dependency key of the data, filtered as you type, each linking to its page. */
import { listDependencies } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { setQuery } from './page-url.ts'

export async function renderDependenciesPage(main: HTMLElement): Promise<void> {
  document.title = 'Dependencies · compat'
  const { dependencies } = await listDependencies()
  const search = h('input', {
    id: 'dependency-search',
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'dependency-search-hint',
  })
  search.value = new URLSearchParams(location.search).get('q') ?? ''
  const count = h('p', { role: 'status', class: 'count' })
  const items = dependencies.map((row) => ({
    row,
    item: h(
      'li',
      {},
      h('a', { href: `/dependencies/${encodeURIComponent(row.dependency)}` }, row.dependency),
      h(
        'span',
        { class: 'muted' },
        ` ${row.projects === 1 ? '1 project' : `${row.projects} projects`}, ${row.entries === 1 ? '1 entry' : `${row.entries} entries`}`,
      ),
      row.project === null
        ? null
        : [
            ' · ',
            h(
              'a',
              { href: `/projects/${encodeURIComponent(row.project)}` },
              `project ${row.project}`,
            ),
          ],
    ),
  }))
  const apply = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean)
    let shown = 0
    for (const { row, item } of items) {
      const visible = words.every((word) => `${row.dependency} ${row.project ?? ''}`.includes(word))
      item.hidden = !visible
      if (visible) shown++
    }
    count.textContent =
      shown === items.length
        ? `${items.length} dependencies`
        : `${shown} of ${items.length} dependencies match`
    setQuery(new URLSearchParams(search.value.trim() === '' ? {} : { q: search.value }), 'replace')
  }
  search.addEventListener('input', apply)
  replaceChildren(
    main,
    h('h1', {}, 'Dependencies'),
    h(
      'p',
      { class: 'lead' },
      'Every runtime, database, platform and part the projects document. Pick one to see who supports which of its versions.',
    ),
    h(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Filter dependencies' },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'dependency-search' }, 'Search'),
        search,
        h('span', { class: 'hint', id: 'dependency-search-hint' }, 'By key or linked project'),
      ),
    ),
    count,
    h(
      'ul',
      { class: 'dependency-list', 'aria-label': 'Dependencies' },
      items.map(({ item }) => item),
    ),
  )
  main.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault())
  apply()
}
