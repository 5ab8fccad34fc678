/**
 * `/stack`: is a whole stack documented compatible with itself? Components are entered by name
 * (completed from project ids, aliases and dependency keys), pasted as a stack file, or derived
 * from a file (an SBOM, a lockfile, `helm list`: stack-file.ts); the URL holds the stack
 * (`/stack?kubernetes=1.33.2&cnpg=v1.27.1`) and the plan asked of it (src/site/plan-query.ts),
 * so a result can be shared. A plan in the URL comes answered by the server; the script keeps
 * what it sent.
 *
 * This file wires the page: its parts and its one state (stack-page-state.ts) go to small
 * controllers: the rows (component-rows.ts), the plan form (plan-fields.ts), checks and plans
 * (stack-check.ts), a file read by the API (stack-file-check.ts).
 */
import { MAX_DEPENDENCIES } from '../../src/api/request-limits.ts'
import { readStackQuery, stackQuery } from '../../src/site/plan-query.ts'
import { isStackFormQuery } from '../../src/site/stack-form-query.ts'
import { stackNames, stackPageMain } from '../../src/site/stack-page-markup.ts'
import { listDependencies, listProjects } from './api.ts'
import { showMessage } from './bring-into-view.ts'
import { ComponentRows } from './component-rows.ts'
import { replaceChildren } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { PlanFieldsForm } from './plan-fields.ts'
import { ReadinessCheck } from './readiness-check.ts'
import { applyUrl, planFromForm, runStack, say } from './stack-check.ts'
import { readSbomFile } from './stack-file-check.ts'
import { enhanceFileForm } from './stack-file-input.ts'
import type { StackPage } from './stack-page-state.ts'
import { stackPageParts } from './stack-page-state.ts'
import { readPastedStack } from './stack-text.ts'

export async function renderStackPage(main: HTMLElement): Promise<void> {
  // The project list names the projects of a plan's moves; the dependency index only fills
  // the name list of a page the script builds itself.
  const projects = await listProjects()
  if (main.dataset.page !== 'stack') {
    document.title = 'Check a stack · compat'
    replaceChildren(main, stackPageMain(stackNames(projects, await listDependencies())))
    main.dataset.page = 'stack'
  }
  const parts = stackPageParts(main)
  const setStatus = (text: string) => {
    parts.status.textContent = text
  }
  const page: StackPage = {
    parts,
    state: { appliedSearch: null, fileStack: null },
    rows: new ComponentRows(parts.rows, (text) => say(parts.notice, text)),
    planFields: new PlanFieldsForm(parts),
    readiness: new ReadinessCheck(parts.readinessResult, parts.readinessTarget, setStatus),
    checks: new LatestRequest(parts.result),
    plans: new LatestRequest(parts.planResult),
    projects,
  }
  enhanceFileForm(parts.fileForm, {
    readSbom: (text, mediaType) => readSbomFile(page, text, mediaType),
    notice: (text) => say(parts.notice, text),
    status: setStatus,
  })
  listen(page)

  if (parts.fileResult.childElementCount > 0) adoptFileResult(page)
  else if (parts.result.childElementCount > 0) adoptStackResult(page)
  // The form sent without a script, come back with a row more or a fault: kept as sent.
  else if (!isStackFormQuery(location.search)) applyUrl(page)
}

/**
 * Without a script the buttons are submit buttons of one GET form (the plan's fields belong to
 * the stack form): here each does its own part without leaving the page.
 */
function listen(page: StackPage): void {
  const { parts, rows, state } = page
  parts.addButton.addEventListener('click', (event) => {
    event.preventDefault()
    rows.add()
    rows.focusLast()
  })
  parts.form.addEventListener('submit', (event) => {
    event.preventDefault()
    // Enter in a plan field submits the stack form too (its default button is Check stack).
    const submitter = (event as SubmitEvent).submitter
    if (submitter === parts.planButton || parts.planForm.contains(document.activeElement)) {
      planFromForm(page)
      return
    }
    const read = rows.read()
    if (typeof read === 'string') say(parts.notice, read)
    else void runStack(page, read, 'push')
  })
  parts.useText.addEventListener('click', () => {
    const read = readPastedStack(parts.pasted.value)
    parts.notice.textContent =
      read.problems.length === 0 ? '' : `Not read: ${read.problems.join('; ')}.`
    showMessage(parts.notice)
    if (read.components.length === 0) return
    rows.set(read.components.slice(0, MAX_DEPENDENCIES))
    void runStack(page, read.components.slice(0, MAX_DEPENDENCIES), 'push')
  })
  window.addEventListener('popstate', () => {
    if (location.search !== state.appliedSearch) applyUrl(page)
  })
}

/**
 * The server sent the page for a stack (and a plan) asked in its URL: the rows, the plan
 * form, the stack's verdict and the plan's answer are as the script would show them; they
 * stay as sent, and the URL is written as the page writes it.
 */
function adoptStackResult({ rows, state }: StackPage): void {
  const { components, plan } = readStackQuery(location.search)
  rows.set(components)
  setQuery(stackQuery(components, plan), 'replace')
  state.appliedSearch = location.search
}

/**
 * The server sent the page for a file posted by the form: its rows hold the stack derived
 * (when the form holds it), which the address now holds too, so a reload or a shared link
 * checks it again; what came of the file and the verdict stay as sent.
 */
function adoptFileResult({ rows, state }: StackPage): void {
  const components = rows.filled()
  rows.set(components)
  if (components.length === 0) return
  state.fileStack = components
  setQuery(stackQuery(components, null), 'replace')
  state.appliedSearch = location.search
}
