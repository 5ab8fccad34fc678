/** Entry point: picks the page from the path. Every page is rendered from the public API. */
import { describeFailure } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { renderHomePage } from './home-page.ts'
import { renderNotFound, renderProjectPage } from './project-page.ts'

const PROJECT_PATH = /^\/projects\/([^/]+)$/

async function start(): Promise<void> {
  const main = document.getElementById('main')
  if (main === null) return
  main.setAttribute('aria-busy', 'true')
  try {
    await route(main, location.pathname)
  } catch (error) {
    renderLoadError(main, error)
  } finally {
    main.removeAttribute('aria-busy')
  }
}

function route(main: HTMLElement, path: string): Promise<void> {
  if (path === '/') return renderHomePage(main)
  const match = PROJECT_PATH.exec(path)
  const id = match?.[1] === undefined ? null : decodePathSegment(match[1])
  if (id !== null) return renderProjectPage(main, id)
  renderNotFound(main, null)
  return Promise.resolve()
}

function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

function renderLoadError(main: HTMLElement, error: unknown): void {
  document.title = 'Data unavailable · compat'
  const detail = describeFailure(error)
  const retry = h('button', { type: 'button' }, 'Try again')
  retry.addEventListener('click', () => location.reload())
  replaceChildren(
    main,
    h('h1', {}, 'The compatibility data could not be loaded'),
    h('p', { role: 'alert' }, detail),
    h('p', {}, retry),
  )
}

void start()
