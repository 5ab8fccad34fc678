/**
 * The stack page's parts (as stackPageMain in src/site makes them) and its one state: what the
 * controllers of the page (stack-check.ts, stack-file-check.ts, component-rows.ts,
 * plan-fields.ts) share, passed to each explicitly.
 */
import type { ProjectIndexEntry } from './api.ts'
import type { ComponentRows, Components } from './component-rows.ts'
import type { LatestRequest } from './latest-request.ts'
import type { PlanFieldsForm } from './plan-fields.ts'
import type { ReadinessCheck } from './readiness-check.ts'

export interface StackPageParts {
  readonly form: HTMLFormElement
  readonly rows: HTMLOListElement
  readonly notice: HTMLElement
  readonly status: HTMLElement
  readonly result: HTMLElement
  readonly addButton: HTMLElement
  readonly pasted: HTMLTextAreaElement
  readonly useText: HTMLElement
  readonly planForm: HTMLElement
  readonly planButton: HTMLElement
  readonly planNotice: HTMLElement
  readonly upgradeName: HTMLInputElement
  readonly upgradeVersion: HTMLInputElement
  readonly allowUnknown: HTMLInputElement
  readonly onePath: HTMLInputElement
  readonly supportedOn: HTMLInputElement
  readonly planStatus: HTMLElement
  readonly planResult: HTMLElement
  readonly fileForm: HTMLFormElement
  readonly fileResult: HTMLElement
  readonly readinessResult: HTMLElement
  readonly readinessTarget: HTMLInputElement
}

/** What changes while the page is open. */
export interface StackPageState {
  /** The query the page shows: a `popstate` to another one applies it. */
  appliedSearch: string | null
  /** The stack the file shown under "From your file" made: another stack clears it. */
  fileStack: Components | null
}

export interface StackPage {
  readonly parts: StackPageParts
  readonly state: StackPageState
  readonly rows: ComponentRows
  readonly planFields: PlanFieldsForm
  readonly readiness: ReadinessCheck
  readonly checks: LatestRequest
  readonly plans: LatestRequest
  /** Names the projects of a plan's moves. */
  readonly projects: readonly ProjectIndexEntry[]
}

/** The page's parts; a part missing is a bug in the markup, said at once. */
export function stackPageParts(main: HTMLElement): StackPageParts {
  const part = <T extends HTMLElement>(selector: string): T => {
    const found = main.querySelector<T>(selector)
    if (found === null) throw new Error(`The stack page has no ${selector}.`)
    return found
  }
  return {
    form: part<HTMLFormElement>('form.stack-form'),
    rows: part<HTMLOListElement>('.component-rows'),
    notice: part('#stack-notice'),
    status: part('#stack-status'),
    result: part('#stack-result'),
    addButton: part('#add-component'),
    pasted: part<HTMLTextAreaElement>('#stack-text'),
    useText: part('#use-stack-text'),
    planForm: part('.plan-form'),
    planButton: part('#plan-submit'),
    planNotice: part('#plan-notice'),
    upgradeName: part<HTMLInputElement>('#upgrade-name'),
    upgradeVersion: part<HTMLInputElement>('#upgrade-version'),
    allowUnknown: part<HTMLInputElement>('#allow-unknown'),
    onePath: part<HTMLInputElement>('#plan-path'),
    supportedOn: part<HTMLInputElement>('#supported-on'),
    planStatus: part('#plan-status'),
    planResult: part('#plan-result'),
    fileForm: part<HTMLFormElement>('form.stack-file-form'),
    fileResult: part('#file-result'),
    readinessResult: part('#readiness-result'),
    readinessTarget: part<HTMLInputElement>('#readiness-target'),
  }
}
