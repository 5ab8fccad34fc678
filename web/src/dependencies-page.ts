/** `/dependencies`: every dependency key of the data, filtered as you type, each linking to its page. */
import { dependenciesPageMain } from '../../src/site/dependencies-page-markup.ts'
import { listDependencies } from './api.ts'
import { replaceChildren } from './dom.ts'
import { setQuery } from './page-url.ts'

export async function renderDependenciesPage(main: HTMLElement): Promise<void> {
  if (main.dataset.page !== 'dependencies') {
    document.title = 'Dependencies · compat'
    replaceChildren(main, dependenciesPageMain(await listDependencies()))
    main.dataset.page = 'dependencies'
  }
  const search = main.querySelector<HTMLInputElement>('#dependency-search')
  const count = main.querySelector<HTMLElement>('.count')
  if (search === null || count === null) return
  search.value = new URLSearchParams(location.search).get('q') ?? ''
  const items = [...main.querySelectorAll<HTMLElement>('.dependency-list > li')]
  const apply = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean)
    let shown = 0
    for (const item of items) {
      const text = item.dataset.search ?? ''
      const visible = words.every((word) => text.includes(word))
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
  main.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault())
  apply()
}
