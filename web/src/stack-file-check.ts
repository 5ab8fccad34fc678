/** The stack page's file read by the API: the stack it makes, or why it was not read. */
import { MAX_DEPENDENCIES } from '../../src/api/request-limits.ts'
import { stackQuery } from '../../src/site/plan-query.ts'
import {
  derivedComponents,
  type FileFault,
  stackFileSummary,
} from '../../src/site/stack-file-markup.ts'
import { stackResultMarkup } from '../../src/site/stack-result-markup.ts'
import {
  ApiError,
  type DerivedStackAnswer,
  describeFailure,
  type SbomMediaType,
  stackFromSbom,
} from './api.ts'
import { focusAnswer } from './bring-into-view.ts'
import { replaceChildren } from './dom.ts'
import { setQuery } from './page-url.ts'
import { say, showFile } from './stack-check.ts'
import type { StackPage } from './stack-page-state.ts'
import { today } from './today.ts'

/** Sends the file's text as an SBOM (or another file the API reads) and shows what came of it. */
export function readSbomFile(page: StackPage, text: string, mediaType: SbomMediaType): void {
  const { parts } = page
  page.readiness.ask(text, mediaType)
  parts.notice.textContent = ''
  parts.planNotice.textContent = ''
  page.plans.abort()
  replaceChildren(parts.planResult)
  parts.status.textContent = 'Reading the file…'
  void page.checks.run(
    (signal) => stackFromSbom(text, mediaType, today(), signal),
    (answer) => showDerived(page, answer),
    (error) => {
      replaceChildren(parts.result)
      const refusal = fileRefusal(error)
      if (refusal === null) {
        parts.status.textContent = ''
        say(parts.notice, `The file could not be read: ${describeFailure(error)}`)
        return
      }
      showFile(page, refusal)
      parts.status.textContent =
        'faults' in refusal
          ? `Your file could not be read: ${refusal.faults.map(faultText).join('; ')}`
          : `Your file was not checked: ${refusal.refused}`
      focusAnswer(parts.fileResult.querySelector('h2'))
    },
  )
}

/** A stack derived from an SBOM by the API: the rows, the URL, what came of the file, the verdict. */
function showDerived(page: StackPage, answer: DerivedStackAnswer): void {
  const { parts, state } = page
  const components = derivedComponents(answer)
  // A stack the rows cannot hold leaves them empty, as the server's page does.
  const fits = components.length > 0 && components.length <= MAX_DEPENDENCIES
  page.rows.set(fits ? components : [])
  setQuery(stackQuery(fits ? components : [], null), 'push')
  state.appliedSearch = location.search
  showFile(page, { derived: answer }, fits ? components : null)
  replaceChildren(parts.result, components.length === 0 ? null : stackResultMarkup(answer, today()))
  parts.status.textContent = `${stackFileSummary(answer)}${components.length === 0 ? '' : ` Stack: ${answer.compatible}. ${answer.reason}`}`
  focusAnswer(parts.fileResult.querySelector('h2'))
}

/** What the API's refusal of an SBOM says about the file, or null for any other failure. */
function fileRefusal(
  error: unknown,
): { readonly faults: readonly FileFault[] } | { readonly refused: string } | null {
  if (!(error instanceof ApiError)) return null
  const errors = error.problem?.errors ?? []
  if (error.status === 400 && errors.length > 0) {
    return {
      faults: errors.map((fault) => ({
        location: fault.name === 'body' ? '' : fault.name,
        reason: fault.reason,
      })),
    }
  }
  if (error.status === 413 || error.status === 503) {
    return { refused: error.problem?.detail ?? error.message }
  }
  return null
}

/** A fault as the status line says it: the backticks that mark code on the page are not read out. */
function faultText(fault: FileFault): string {
  return `${fault.location === '' ? 'the file' : fault.location} ${fault.reason.replaceAll('`', '')}`
}
