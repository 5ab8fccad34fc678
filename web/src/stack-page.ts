/**
 * `/stack`: is a whole stack documented compatible with itself? Components are entered by name
 * (completed from project ids, aliases and dependency keys), pasted as a stack file, or derived
 * from a file (an SBOM, a lockfile, `helm list`: stack-file.ts); the URL holds the stack
 * (`/stack?kubernetes=1.33.2&cnpg=v1.27.1`) and the plan asked of it (src/site/plan-query.ts),
 * so a result can be shared. A plan in the URL comes answered by the server; the script keeps
 * what it sent.
 */
import { MAX_DEPENDENCIES } from '../../src/api/request-limits.ts'
import {
  type PlanFields,
  planRequestOf,
  readStackQuery,
  stackQuery,
} from '../../src/site/plan-query.ts'
import { planResultMarkup, planStatusText } from '../../src/site/plan-result-markup.ts'
import {
  derivedComponents,
  type FileFault,
  type StackFileOutcome,
  stackFileResult,
  stackFileSummary,
} from '../../src/site/stack-file-markup.ts'
import { isStackFormQuery, planFieldsFault, stackOfRows } from '../../src/site/stack-form-query.ts'
import { componentRow, stackNames, stackPageMain } from '../../src/site/stack-page-markup.ts'
import { stackResultMarkup } from '../../src/site/stack-result-markup.ts'
import {
  ApiError,
  checkStack,
  type DerivedStackAnswer,
  describeFailure,
  listDependencies,
  listProjects,
  planUpgrade,
  type SbomMediaType,
  stackFromSbom,
} from './api.ts'
import { focusAnswer, showMessage } from './bring-into-view.ts'
import { replaceChildren, toNode } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { setQuery } from './page-url.ts'
import { ReadinessCheck } from './readiness-check.ts'
import { enhanceFileForm } from './stack-file-input.ts'
import { readPastedStack } from './stack-text.ts'
import { today } from './today.ts'

type Components = readonly (readonly [string, string])[]

export async function renderStackPage(main: HTMLElement): Promise<void> {
  // The project list names the projects of a plan's moves; the dependency index only fills
  // the name list of a page the script builds itself.
  const projects = await listProjects()
  if (main.dataset.page !== 'stack') {
    document.title = 'Check a stack · compat'
    replaceChildren(main, stackPageMain(stackNames(projects, await listDependencies())))
    main.dataset.page = 'stack'
  }
  // The page's parts, as stackPageMain (src/site) makes them.
  const part = <T extends HTMLElement>(selector: string): T => {
    const found = main.querySelector<T>(selector)
    if (found === null) throw new Error(`The stack page has no ${selector}.`)
    return found
  }
  const form = part<HTMLFormElement>('form.stack-form')
  const rows = part<HTMLOListElement>('.component-rows')
  const notice = part('#stack-notice')
  const status = part('#stack-status')
  const result = part('#stack-result')
  const addButton = part('#add-component')
  const pasted = part<HTMLTextAreaElement>('#stack-text')
  const useText = part('#use-stack-text')
  const planForm = part('.plan-form')
  const planButton = part('#plan-submit')
  const planNotice = part('#plan-notice')
  const upgradeName = part<HTMLInputElement>('#upgrade-name')
  const upgradeVersion = part<HTMLInputElement>('#upgrade-version')
  const allowUnknown = part<HTMLInputElement>('#allow-unknown')
  const onePath = part<HTMLInputElement>('#plan-path')
  const supportedOn = part<HTMLInputElement>('#supported-on')
  const planStatus = part('#plan-status')
  const planResult = part('#plan-result')
  const fileForm = part<HTMLFormElement>('form.stack-file-form')
  const fileResult = part('#file-result')
  const readiness = new ReadinessCheck(
    part('#readiness-result'),
    part<HTMLInputElement>('#readiness-target'),
    (text) => {
      status.textContent = text
    },
  )

  /** A message beside the form it is about, scrolled into view. */
  const say = (region: HTMLElement, text: string) => {
    region.textContent = text
    showMessage(region)
  }
  let counter = rows.children.length
  const addRow = (name = '', version = '') => {
    if (rows.children.length >= MAX_DEPENDENCIES) {
      say(notice, `A stack holds at most ${MAX_DEPENDENCIES} components.`)
      return
    }
    counter++
    const row = toNode(componentRow(counter)) as HTMLLIElement
    const [nameInput, versionInput] = row.querySelectorAll('input')
    if (nameInput !== undefined) nameInput.value = name
    if (versionInput !== undefined) versionInput.value = version
    row.querySelector('button')?.addEventListener('click', () => {
      row.remove()
      if (rows.children.length === 0) addRow()
    })
    rows.append(row)
  }
  const setRows = (components: Components) => {
    replaceChildren(rows)
    counter = 0
    for (const [name, version] of components) addRow(name, version)
    if (components.length === 0) addRow()
  }
  // The rows as typed, read by the rules the server reads the form by without a script.
  const readRows = (): Components | string =>
    stackOfRows(
      [...rows.children].map((row) => {
        const [name = '', version = ''] = [...row.querySelectorAll('input')].map((input) =>
          input.value.trim(),
        )
        return [name, version] as const
      }),
    )
  // Rows the server sent work like the script's own.
  for (const row of rows.children) {
    row.querySelector('button')?.addEventListener('click', () => {
      row.remove()
      if (rows.children.length === 0) addRow()
    })
  }

  const checks = new LatestRequest(result)
  const plans = new LatestRequest(planResult)
  let appliedSearch: string | null = null
  // The stack the file shown under "From your file" made: another stack clears it.
  let fileStack: Components | null = null
  const showFile = (outcome: StackFileOutcome | null, stack: Components | null = null) => {
    replaceChildren(fileResult, outcome === null ? null : stackFileResult(outcome))
    fileStack = stack
  }
  /**
   * Checks the stack (and plans, with `plan`); `asked`: the visitor asked just now, so the
   * answer is brought into view and focused (a check run on load leaves the page where it is).
   */
  const run = async (
    components: Components,
    history: 'push' | 'replace',
    plan: PlanFields | null = null,
    asked = history === 'push',
  ) => {
    notice.textContent = ''
    planNotice.textContent = ''
    if (fileStack !== null && !sameStack(fileStack, components)) showFile(null)
    setQuery(stackQuery(components, plan), history)
    appliedSearch = location.search
    plans.abort()
    replaceChildren(planResult)
    if (plan !== null) void runPlan(components, plan, asked)
    status.textContent = 'Checking…'
    await checks.run(
      (signal) => checkStack(components, today(), signal),
      (answer) => {
        replaceChildren(result, stackResultMarkup(answer, today()))
        const ended = answer.support.filter((item) => item.status === 'end-of-life').length
        status.textContent = `Stack: ${answer.compatible}. ${answer.reason}${ended === 0 ? '' : ` End of life: ${ended === 1 ? '1 component' : `${ended} components`}.`}`
        // A plan asked with it brings its own answer into view.
        if (asked && plan === null) focusAnswer(result.querySelector('h2'))
      },
      (error) => {
        replaceChildren(result)
        status.textContent = ''
        say(notice, `The check failed: ${describeFailure(error)}`)
      },
    )
  }
  const runPlan = async (components: Components, plan: PlanFields, asked: boolean) => {
    planStatus.textContent = 'Planning…'
    await plans.run(
      (signal) => planUpgrade(planRequestOf(components, plan), signal),
      (answer) => {
        replaceChildren(planResult, planResultMarkup(answer, today(), projects))
        planStatus.textContent = planStatusText(answer)
        if (asked) focusAnswer(planResult.querySelector('h3'))
      },
      (error) => {
        replaceChildren(planResult)
        planStatus.textContent = ''
        say(planNotice, `The plan failed: ${describeFailure(error)}`)
      },
    )
  }
  /** The plan form's fields as they stand, or the form's fault in words. */
  const readPlanForm = (): PlanFields | string => {
    const fields: PlanFields = {
      upgrade: upgradeName.value.trim(),
      to: upgradeVersion.value.trim(),
      unknown: allowUnknown.checked ? 'allow' : 'block',
      path: onePath.checked,
      supportedOn: supportedOn.value,
    }
    if (supportedOn.validity.badInput) {
      return 'Give “Supported on” as a whole date (year, month and day), or leave it empty.'
    }
    return planFieldsFault(fields, true) ?? fields
  }
  const showPlanFields = (fields: PlanFields | null) => {
    upgradeName.value = fields?.upgrade ?? ''
    upgradeVersion.value = fields?.to ?? ''
    allowUnknown.checked = fields?.unknown === 'allow'
    onePath.checked = fields?.path ?? false
    supportedOn.value = fields?.supportedOn ?? ''
  }
  const applyUrl = () => {
    appliedSearch = location.search
    const { components, plan } = readStackQuery(location.search)
    showPlanFields(plan)
    setRows(components)
    replaceChildren(result)
    replaceChildren(planResult)
    showFile(null)
    if (components.length > 0) void run(components, 'replace', plan)
  }

  // A stack derived from an SBOM by the API: the rows, the URL, what came of the file, the verdict.
  const showDerived = (answer: DerivedStackAnswer) => {
    const components = derivedComponents(answer)
    // A stack the rows cannot hold leaves them empty, as the server's page does.
    const fits = components.length > 0 && components.length <= MAX_DEPENDENCIES
    setRows(fits ? components : [])
    setQuery(stackQuery(fits ? components : [], null), 'push')
    appliedSearch = location.search
    showFile({ derived: answer }, fits ? components : null)
    replaceChildren(result, components.length === 0 ? null : stackResultMarkup(answer, today()))
    status.textContent = `${stackFileSummary(answer)}${components.length === 0 ? '' : ` Stack: ${answer.compatible}. ${answer.reason}`}`
    focusAnswer(fileResult.querySelector('h2'))
  }
  const readSbom = (text: string, mediaType: SbomMediaType) => {
    readiness.ask(text, mediaType)
    notice.textContent = ''
    planNotice.textContent = ''
    plans.abort()
    replaceChildren(planResult)
    status.textContent = 'Reading the file…'
    void checks.run(
      (signal) => stackFromSbom(text, mediaType, today(), signal),
      showDerived,
      (error) => {
        replaceChildren(result)
        const refusal = fileRefusal(error)
        if (refusal === null) {
          status.textContent = ''
          say(notice, `The file could not be read: ${describeFailure(error)}`)
          return
        }
        showFile(refusal)
        status.textContent =
          'faults' in refusal
            ? `Your file could not be read: ${refusal.faults.map(faultText).join('; ')}`
            : `Your file was not checked: ${refusal.refused}`
        focusAnswer(fileResult.querySelector('h2'))
      },
    )
  }
  enhanceFileForm(fileForm, {
    readSbom,
    notice: (text) => say(notice, text),
    status: (text) => {
      status.textContent = text
    },
  })

  const plan = () => {
    const read = readRows()
    const fields = readPlanForm()
    planNotice.textContent = ''
    if (typeof read === 'string') say(notice, read)
    else if (typeof fields === 'string') say(planNotice, fields)
    else void run(read, 'push', fields)
  }
  // Without a script these are submit buttons of one GET form (the plan's fields belong to
  // the stack form): here each does its own part without leaving the page.
  addButton.addEventListener('click', (event) => {
    event.preventDefault()
    addRow()
    const inputs = rows.querySelectorAll('input')
    ;(inputs[inputs.length - 2] as HTMLInputElement | undefined)?.focus()
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    // Enter in a plan field submits the stack form too (its default button is Check stack).
    const submitter = (event as SubmitEvent).submitter
    if (submitter === planButton || planForm.contains(document.activeElement)) {
      plan()
      return
    }
    const read = readRows()
    if (typeof read === 'string') say(notice, read)
    else void run(read, 'push')
  })
  useText.addEventListener('click', () => {
    const read = readPastedStack(pasted.value)
    notice.textContent = read.problems.length === 0 ? '' : `Not read: ${read.problems.join('; ')}.`
    showMessage(notice)
    if (read.components.length === 0) return
    setRows(read.components.slice(0, MAX_DEPENDENCIES))
    void run(read.components.slice(0, MAX_DEPENDENCIES), 'push')
  })
  window.addEventListener('popstate', () => {
    if (location.search !== appliedSearch) applyUrl()
  })

  if (fileResult.childElementCount > 0) adoptFileResult()
  else if (result.childElementCount > 0) adoptStackResult()
  // The form sent without a script, come back with a row more or a fault: kept as sent.
  else if (!isStackFormQuery(location.search)) applyUrl()

  /**
   * The server sent the page for a stack (and a plan) asked in its URL: the rows, the plan
   * form, the stack's verdict and the plan's answer are as the script would show them; they
   * stay as sent, and the URL is written as the page writes it.
   */
  function adoptStackResult(): void {
    const { components, plan } = readStackQuery(location.search)
    setRows(components)
    setQuery(stackQuery(components, plan), 'replace')
    appliedSearch = location.search
  }

  /**
   * The server sent the page for a file posted by the form: its rows hold the stack derived
   * (when the form holds it), which the address now holds too, so a reload or a shared link
   * checks it again; what came of the file and the verdict stay as sent.
   */
  function adoptFileResult(): void {
    const components = [...rows.querySelectorAll('li')]
      .map((row) => [...row.querySelectorAll('input')].map((input) => input.value))
      .filter(([name, version]) => name && version) as [string, string][]
    setRows(components)
    if (components.length === 0) return
    fileStack = components
    setQuery(stackQuery(components, null), 'replace')
    appliedSearch = location.search
  }
}

function sameStack(a: Components, b: Components): boolean {
  return (
    a.length === b.length &&
    a.every(([name, version], index) => b[index]?.[0] === name && b[index]?.[1] === version)
  )
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
