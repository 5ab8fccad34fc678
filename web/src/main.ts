/**
 * Entry point: picks the page from the path. The server sent the page's content (docs/web.md,
 * "Rendering"); each page's module brings its forms to life, or builds the page from the API
 * when the server could not.
 */
import { readPagePath } from '../../src/site/page-paths.ts'
import { describeFailure } from './api.ts'
import { renderDependenciesPage } from './dependencies-page.ts'
import { renderDependencyPage } from './dependency-page.ts'
import { h, replaceChildren } from './dom.ts'
import { renderHomePage } from './home-page.ts'
import { renderNotFound, renderProjectPage } from './project-page.ts'
import { revealTarget } from './reveal-target.ts'
import { renderStackPage } from './stack-page.ts'

async function start(): Promise<void> {
  const main = document.getElementById('main')
  // The API documentation is all the server's: nothing to bring to life.
  if (main === null || main.dataset.page === 'docs') return
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
  const page = readPagePath(path)
  switch (page?.kind) {
    case 'home':
      return renderHomePage(main)
    case 'dependencies':
      return renderDependenciesPage(main)
    case 'stack':
      return renderStackPage(main)
    case 'project':
      return renderProjectPage(main, page.name)
    case 'dependency':
      return renderDependencyPage(main, page.name)
  }
  renderNotFound(main, null)
  return Promise.resolve()
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
