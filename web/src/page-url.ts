/**
 * A page's state in its URL's query, so that a reload or a shared link shows the same thing:
 * `push` makes a step Back returns from, `replace` corrects the URL in place. An empty query
 * leaves the bare path; a URL already showing the query is left alone.
 */
export function setQuery(parameters: URLSearchParams, mode: 'push' | 'replace'): void {
  const text = parameters.toString()
  const url = text === '' ? location.pathname : `${location.pathname}?${text}`
  if (url === `${location.pathname}${location.search}`) return
  if (mode === 'push') history.pushState(null, '', url)
  else history.replaceState(null, '', url)
}
