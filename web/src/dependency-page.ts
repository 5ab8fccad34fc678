/**
 * `/dependencies/<key>`: who documents a dependency (the reverse view), each entry linking to
 * its project's page and evidence; `?version=18` judges every entry against that version. The
 * server sends the entries (src/site); the script judges them. Without a page from the server
 * it renders the same markup itself.
 */
import {
  DEPENDENCY_ANSWER_ID,
  dependencyAnswerMarkup,
} from '../../src/site/dependency-answer-markup.ts'
import {
  COMPATIBLE_NOTE_ID,
  compatibleNote,
  dependencyNotFoundMain,
  dependencyPageMain,
  dependencySummary,
  nearestDependencyNames,
  projectGroups,
  SUPPORTED_NOTE_ID,
  supportedNote,
} from '../../src/site/dependency-page-markup.ts'
import { indexEntryOf } from '../../src/site/project-model.ts'
import {
  type DependencyView,
  describeFailure,
  getDependency,
  listDependencies,
  listProjects,
} from './api.ts'
import { focusAnswer, showMessage } from './bring-into-view.ts'
import { replaceChildren } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { today } from './today.ts'

export async function renderDependencyPage(main: HTMLElement, dependency: string): Promise<void> {
  const asked = new URLSearchParams(location.search).get('version') ?? ''
  const rendered = main.dataset.page === 'dependency'
  if (!rendered && !(await renderFromApi(main, dependency, asked))) return

  const form = main.querySelector<HTMLFormElement>('form')
  const input = main.querySelector<HTMLInputElement>('#dependency-version')
  const onlyCompatible = main.querySelector<HTMLInputElement>('#only-compatible')
  const status = main.querySelector<HTMLElement>('.count')
  const notice = main.querySelector<HTMLElement>('.notice')
  const results = main.querySelector<HTMLElement>('.dependency-results')
  if (
    form === null ||
    input === null ||
    onlyCompatible === null ||
    status === null ||
    notice === null ||
    results === null
  ) {
    return
  }
  input.value = asked

  const answer = main.querySelector<HTMLElement>(`#${DEPENDENCY_ANSWER_ID}`)
  const views = new LatestRequest(results)
  // The filters hide entries by the stylesheet (they work without a script); the note under
  // the count says what is shown of both together, counted from the entries listed.
  const updateNotes = () => {
    const supported = main.querySelector<HTMLElement>(`#${SUPPORTED_NOTE_ID}`)
    if (supported === null) return
    const rows = [
      ...results.querySelectorAll<HTMLElement>(
        onlyCompatible.checked ? '.use-item.check-compatible' : '.use-item',
      ),
    ].map((item) => ({
      status: (item.dataset.status ?? 'unknown') as DependencyView['entries'][number]['status'],
    }))
    supported.textContent = supportedNote(rows, supported.dataset.date ?? '')
  }
  const show = (shown: DependencyView, asked: boolean) => {
    replaceChildren(results, projectGroups(shown.entries, shown.dependency, today(), shown.version))
    const compatible = main.querySelector(`#${COMPATIBLE_NOTE_ID}`)
    if (compatible !== null) {
      compatible.textContent =
        shown.version === null ? '' : compatibleNote(shown.entries, shown.version)
    }
    if (answer !== null) replaceChildren(answer, dependencyAnswerMarkup(shown))
    status.textContent = dependencySummary(shown)
    updateNotes()
    if (asked) focusAnswer(answer?.querySelector('h2') ?? null)
  }
  const apply = async (version: string, history: 'push' | 'replace' | null) => {
    notice.textContent = ''
    if (history !== null) setVersionInUrl(version, history)
    await views.run(
      (signal) => getDependency(dependency, version === '' ? undefined : version, signal),
      (shown) => {
        if ('notFound' in shown) {
          notice.textContent = shown.notFound
          showMessage(notice)
          return
        }
        onlyCompatible.disabled = shown.version === null
        if (shown.version === null) onlyCompatible.checked = false
        show(shown, history === 'push' && shown.version !== null)
      },
      (error) => {
        notice.textContent = `The view failed: ${describeFailure(error)}`
        showMessage(notice)
      },
    )
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void apply(input.value.trim(), 'push')
  })
  main.querySelector('#only-supported')?.addEventListener('change', updateNotes)
  onlyCompatible.addEventListener('change', updateNotes)
  window.addEventListener('popstate', () => {
    const version = new URLSearchParams(location.search).get('version') ?? ''
    input.value = version
    void apply(version, null)
  })
  // The server judged the version in the URL already (its answer leads the page); a page it
  // sent unjudged (a version it would not judge) is judged now, so the API says why.
  const judged = answer !== null && answer.childElementCount > 0
  if (rendered && asked !== '' && !judged) await apply(asked, null)
}

/** Renders the page from the API; false when the dependency is not found. */
async function renderFromApi(
  main: HTMLElement,
  dependency: string,
  asked: string,
): Promise<boolean> {
  // The index and the project list first: a name nothing documents then costs no 404 request
  // (a console error in browsers), and its nearest names come from the same lists.
  const [index, projects] = await Promise.all([listDependencies(), listProjects()])
  const keys = new Set(index.dependencies.map((row) => row.dependency))
  const project = indexEntryOf(projects, dependency)
  const names = project === undefined ? [dependency] : [project.id, ...(project.aliases ?? [])]
  if (!names.some((name) => keys.has(name))) {
    renderDependencyNotFound(
      main,
      dependency,
      nearestDependencyNames({ projects, dependencies: index }, dependency),
    )
    return false
  }
  const view = await getDependency(dependency, asked === '' ? undefined : asked)
  if ('notFound' in view) {
    renderDependencyNotFound(main, dependency, [])
    return false
  }
  document.title = `Who documents ${dependency} · compat`
  replaceChildren(main, dependencyPageMain(view, dependency, today()))
  main.dataset.page = 'dependency'
  return true
}

function setVersionInUrl(version: string, mode: 'push' | 'replace'): void {
  setQuery(new URLSearchParams(version === '' ? {} : { version }), mode)
}

export function renderDependencyNotFound(
  main: HTMLElement,
  dependency: string,
  nearest: readonly string[],
): void {
  document.title = 'Not found · compat'
  replaceChildren(main, dependencyNotFoundMain(dependency, nearest))
}
