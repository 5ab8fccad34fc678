/**
 * The stack page's form as a plain GET form (docs/web.md, "The stack page"): without a script
 * the browser sends each row as a `name` and a `version` field, the plan's fields by their own
 * names, and **Add a component** as `add`. The server reads that back into the stack's address
 * (`/stack?kubernetes=1.31.6&cert-manager=1.15.3`), or into the page again with a row more, or
 * with what is wrong in words. The script reads its rows and fields with the same rules.
 *
 * @example readStackForm('name=kubernetes&version=1.31.6&name=&version=&upgrade=&to=') // { rows: [['kubernetes', '1.31.6'], ['', '']], fields: EMPTY_PLAN, add: false }
 */

import { MAX_DEPENDENCIES } from '../api/request-limits.ts'
import { isCalendarDate } from '../core/text/is-calendar-date.ts'
import {
  ADD_ROW,
  asksPlan,
  type NamedVersion,
  PATH,
  type PlanFields,
  ROW_NAME,
  ROW_VERSION,
  SUPPORTED_ON,
  TO,
  UNKNOWN,
  UPGRADE,
} from './plan-query.ts'

export interface StackFormRead {
  /** Every row as typed (trimmed), empty ones too, in the form's order. */
  readonly rows: readonly NamedVersion[]
  readonly fields: PlanFields
  /** **Add a component** was pressed: the page again, with an empty row more. */
  readonly add: boolean
}

/** Whether a query is the stack form sent without a script (rather than a stack's address). */
export function isStackFormQuery(query: string | URLSearchParams): boolean {
  const parameters = typeof query === 'string' ? new URLSearchParams(query) : query
  return parameters.has(ROW_NAME) || parameters.has(ROW_VERSION) || parameters.has(ADD_ROW)
}

/** The form's rows and plan fields as the browser sent them. */
export function readStackForm(query: string | URLSearchParams): StackFormRead {
  const parameters = typeof query === 'string' ? new URLSearchParams(query) : query
  const names = parameters.getAll(ROW_NAME)
  const versions = parameters.getAll(ROW_VERSION)
  const rows: NamedVersion[] = []
  for (let at = 0; at < Math.max(names.length, versions.length); at++) {
    rows.push([(names[at] ?? '').trim(), (versions[at] ?? '').trim()])
  }
  return {
    rows,
    fields: {
      upgrade: (parameters.get(UPGRADE) ?? '').trim(),
      to: (parameters.get(TO) ?? '').trim(),
      unknown: parameters.get(UNKNOWN) === 'allow' ? 'allow' : 'block',
      path: parameters.has(PATH) && parameters.get(PATH) !== '',
      supportedOn: (parameters.get(SUPPORTED_ON) ?? '').trim(),
    },
    add: parameters.has(ADD_ROW),
  }
}

/**
 * The stack the rows hold (empty rows skipped), or what is wrong with them in words: a name
 * without a version or the reverse, a name given twice, none at all, more than a stack holds.
 *
 * @example stackOfRows([['kubernetes', '1.34'], ['', '']]) // [['kubernetes', '1.34']]
 * @example stackOfRows([['kubernetes', '']]) // 'Give the version of “kubernetes” you run.'
 */
export function stackOfRows(rows: readonly NamedVersion[]): NamedVersion[] | string {
  const components: NamedVersion[] = []
  for (const [name, version] of rows) {
    if (name === '' && version === '') continue
    if (name === '') return `Give a name for the component at version “${version}”.`
    if (version === '') return `Give the version of “${name}” you run.`
    if (components.some(([known]) => known === name)) return `“${name}” is listed twice.`
    components.push([name, version])
  }
  if (components.length === 0) return 'Add at least one component with its version.'
  if (components.length > MAX_DEPENDENCIES) {
    return `A stack holds at most ${MAX_DEPENDENCIES} components.`
  }
  return components
}

/**
 * What is wrong with the plan's fields in words, or null: half a target, or a day that is no
 * date. `asked`: the visitor pressed **Plan upgrade**, so fields that ask nothing are wrong too.
 */
export function planFieldsFault(fields: PlanFields, asked: boolean): string | null {
  if (fields.supportedOn !== '' && !isCalendarDate(fields.supportedOn)) {
    return 'Give “Supported on” as a whole date (year, month and day), or leave it empty.'
  }
  if (fields.upgrade !== '' && fields.to === '') {
    return `Give the version to upgrade “${fields.upgrade}” to.`
  }
  if (fields.upgrade === '' && fields.to !== '') {
    return `Give the component to upgrade to “${fields.to}”.`
  }
  if (asked && !asksPlan(fields)) {
    return 'Give the component to upgrade and its new version, or a day every component must be supported on under “Supported on”, or both.'
  }
  return null
}

/** The fields as the URL keeps them: a plan only when they ask one. */
export function planOfFields(fields: PlanFields): PlanFields | null {
  return asksPlan(fields) ? fields : null
}
