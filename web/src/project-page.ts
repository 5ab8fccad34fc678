/**
 * `/projects/<id>`: the server sends the heading, matrix and evidence (src/site); the script
 * adds the check form in the place kept for it and the matrix's scroll hint. Without a page
 * from the server (no dataset was loaded when it was sent) it renders the same markup itself.
 */

import { indexEntryOf, type Project, toProject } from '../../src/site/project-model.ts'
import {
  CHECK_SLOT_ID,
  nearestProjects,
  notFoundMain,
  projectPageMain,
} from '../../src/site/project-page-markup.ts'
import { getLifecycle, getProject, listProjects, type ProjectIndexEntry } from './api.ts'
import { renderCheck } from './check-form.ts'
import { replaceChildren } from './dom.ts'
import { today } from './today.ts'

export async function renderProjectPage(main: HTMLElement, id: string): Promise<void> {
  const rendered = main.dataset.page === 'project'
  // The server rendered the page, so the project exists: both at once. Otherwise the index
  // first: an unknown id then costs no 404 request (a console error in browsers).
  const [index, known] = rendered
    ? await Promise.all([listProjects(), getProject(id)])
    : [await listProjects(), undefined]
  const indexEntry = indexEntryOf(index, id)
  const document =
    indexEntry === undefined ? null : known !== undefined ? known : await getProject(indexEntry.id)
  if (indexEntry === undefined || document === null) {
    renderNotFound(main, id, index)
    return
  }
  const project = toProject(document, indexEntry.versions, index)
  if (!rendered) {
    const day = today()
    // Support windows on the browser's today, the day the page marks stale evidence by.
    const lifecycle = document.lifecycle === undefined ? null : await getLifecycle(document.id, day)
    window.document.title = `${document.name} compatibility · compat`
    replaceChildren(main, projectPageMain(project, day, lifecycle))
    main.dataset.page = 'project'
  }
  enhance(main, project)
}

function enhance(main: HTMLElement, project: Project): void {
  main.querySelector(`#${CHECK_SLOT_ID}`)?.replaceChildren(renderCheck(project))
  const scroller = main.querySelector<HTMLElement>('.table-scroll')
  const scrollHint = main.querySelector<HTMLElement>('#matrix-scroll-hint')
  if (scroller === null || scrollHint === null) return
  // Said only when it is true, and again whenever the width changes (a phone turned).
  new ResizeObserver(() => {
    scrollHint.hidden = scroller.scrollWidth <= scroller.clientWidth
  }).observe(scroller)
}

/** A kind message for a project id (or path) that leads nowhere. */
export function renderNotFound(
  main: HTMLElement,
  id: string | null,
  projects: readonly ProjectIndexEntry[] = [],
): void {
  document.title = 'Not found · compat'
  replaceChildren(main, notFoundMain(id, id === null ? [] : nearestProjects(projects, id)))
}
