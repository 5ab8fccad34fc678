/**
 * Entry point: picks the page from the path. The server sent the page's content (docs/web.md,
 * "Rendering"); each page's module brings its forms to life, or builds the page from the API
 * when the server could not.
 */
import { describeFailure } from './api.ts'
import { renderDependenciesPage } from './dependencies-page.ts'
import { renderDependencyPage } from './dependency-page.ts'
import { h, replaceChildren } from './dom.ts'
import { renderHomePage } from './home-page.ts'
import { renderNotFound, renderProjectPage } from './project-page.ts'
import { revealTarget } from './reveal-target.ts'
import { renderStackPage } from './stack-page.ts'

const PROJECT_PATH = /^\/projects\/([^/]+)$/
const DEPENDENCY_PATH = /^\/dependencies\/([^/]+)$/

async function start(): Promise<void> {
  const main = document.getElementById('main')
  if (main === null) return
  main.setAttribute('aria-busy', 'true')
  revealTarget()
  window.addEventListener('hashchange', revealTarget)
  try {
    await route(main, location.pathname)
    // A page the script built itself has its targets only now.
    revealTarget()
  } catch (error) {
    renderLoadError(main, error)
  } finally {
    main.removeAttribute('aria-busy')
  }
}

function route(main: HTMLElement, path: string): Promise<void> {
  if (path === '/') return renderHomePage(main)
  if (path === '/dependencies') return renderDependenciesPage(main)
  if (path === '/stack') return renderStackPage(main)
  const project = segmentOf(PROJECT_PATH, path)
  if (project !== null) return renderProjectPage(main, project)
  const dependency = segmentOf(DEPENDENCY_PATH, path)
  if (dependency !== null) return renderDependencyPage(main, dependency)
  renderNotFound(main, null)
  return Promise.resolve()
}

function segmentOf(pattern: RegExp, path: string): string | null {
  const segment = pattern.exec(path)?.[1]
  return segment === undefined ? null : decodePathSegment(segment)
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
