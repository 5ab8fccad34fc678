/** The stack page's checks and plans: asked of the API, shown, and kept in the URL. */
import {
  type PlanFields,
  planRequestOf,
  readStackQuery,
  stackQuery,
} from '../../src/site/plan-query.ts'
import { planResultMarkup, planStatusText } from '../../src/site/plan-result-markup.ts'
import { type StackFileOutcome, stackFileResult } from '../../src/site/stack-file-markup.ts'
import { stackResultMarkup } from '../../src/site/stack-result-markup.ts'
import { checkStack, describeFailure, planUpgrade } from './api.ts'
import { focusAnswer, showMessage } from './bring-into-view.ts'
import type { Components } from './component-rows.ts'
import { replaceChildren } from './dom.ts'
import { setQuery } from './page-url.ts'
import type { StackPage } from './stack-page-state.ts'
import { today } from './today.ts'

/** A message beside the form it is about, scrolled into view. */
export function say(region: HTMLElement, text: string): void {
  region.textContent = text
  showMessage(region)
}

/** What came of a file, under "From your file", and the stack it made (null: none shown). */
export function showFile(
  { parts, state }: StackPage,
  outcome: StackFileOutcome | null,
  stack: Components | null = null,
): void {
  replaceChildren(parts.fileResult, outcome === null ? null : stackFileResult(outcome))
  state.fileStack = stack
}

/**
 * Checks the stack (and plans, with `plan`); `asked`: the visitor asked just now, so the
 * answer is brought into view and focused (a check run on load leaves the page where it is).
 */
export async function runStack(
  page: StackPage,
  components: Components,
  history: 'push' | 'replace',
  plan: PlanFields | null = null,
  asked = history === 'push',
): Promise<void> {
  const { parts, state } = page
  parts.notice.textContent = ''
  parts.planNotice.textContent = ''
  if (state.fileStack !== null && !sameStack(state.fileStack, components)) showFile(page, null)
  setQuery(stackQuery(components, plan), history)
  state.appliedSearch = location.search
  page.plans.abort()
  replaceChildren(parts.planResult)
  if (plan !== null) void runPlan(page, components, plan, asked)
  parts.status.textContent = 'Checking…'
  await page.checks.run(
    (signal) => checkStack(components, today(), signal),
    (answer) => {
      replaceChildren(parts.result, stackResultMarkup(answer, today()))
      const ended = answer.support.filter((item) => item.status === 'end-of-life').length
      parts.status.textContent = `Stack: ${answer.compatible}. ${answer.reason}${ended === 0 ? '' : ` End of life: ${ended === 1 ? '1 component' : `${ended} components`}.`}`
      // A plan asked with it brings its own answer into view.
      if (asked && plan === null) focusAnswer(parts.result.querySelector('h2'))
    },
    (error) => {
      replaceChildren(parts.result)
      parts.status.textContent = ''
      say(parts.notice, `The check failed: ${describeFailure(error)}`)
    },
  )
}

async function runPlan(
  page: StackPage,
  components: Components,
  plan: PlanFields,
  asked: boolean,
): Promise<void> {
  const { parts } = page
  parts.planStatus.textContent = 'Planning…'
  await page.plans.run(
    (signal) => planUpgrade(planRequestOf(components, plan), signal),
    (answer) => {
      replaceChildren(parts.planResult, planResultMarkup(answer, today(), page.projects))
      parts.planStatus.textContent = planStatusText(answer)
      if (asked) focusAnswer(parts.planResult.querySelector('h3'))
    },
    (error) => {
      replaceChildren(parts.planResult)
      parts.planStatus.textContent = ''
      say(parts.planNotice, `The plan failed: ${describeFailure(error)}`)
    },
  )
}

/** The rows and the plan form as the stack form's fields stand, checked and planned; or the fault. */
export function planFromForm(page: StackPage): void {
  const read = page.rows.read()
  const fields = page.planFields.read()
  page.parts.planNotice.textContent = ''
  if (typeof read === 'string') say(page.parts.notice, read)
  else if (typeof fields === 'string') say(page.parts.planNotice, fields)
  else void runStack(page, read, 'push', fields)
}

/** The stack and plan the URL holds, in the rows and the plan form, checked (and planned). */
export function applyUrl(page: StackPage): void {
  const { parts, state } = page
  state.appliedSearch = location.search
  const { components, plan } = readStackQuery(location.search)
  page.planFields.show(plan)
  page.rows.set(components)
  replaceChildren(parts.result)
  replaceChildren(parts.planResult)
  showFile(page, null)
  if (components.length > 0) void runStack(page, components, 'replace', plan)
}

function sameStack(a: Components, b: Components): boolean {
  return (
    a.length === b.length &&
    a.every(([name, version], index) => b[index]?.[0] === name && b[index]?.[1] === version)
  )
}
