/**
 * The stack page's state in its URL (docs/web.md, "The stack page"): the stack, then the plan
 * asked of it, if any. One reader and one writer, shared by the server (which renders a plan
 * asked in the URL, so a shared link reads without a script) and the page's script (which
 * keeps the URL in step with the forms).
 *
 * @example /stack?kubernetes=1.31&argo-cd=2.14&upgrade=kubernetes&to=1.34&path=1&supported-on=2027-06-30
 */
import { MAX_DEPENDENCIES } from '../api/request-limits.ts'
import type { PlanRequest } from '../core/plan/plan-request.ts'

export type NamedVersion = readonly [string, string]

/** What the plan form asks, as written in it (trimmed); empty strings for empty fields. */
export interface PlanFields {
  /** **Upgrade**: the component that must reach a version. */
  readonly upgrade: string
  /** **to**: that version. */
  readonly to: string
  /** **Accept pairs the evidence cannot decide**. */
  readonly unknown: 'block' | 'allow'
  /** **One step at a time**: the path, one hop of one component each. */
  readonly path: boolean
  /** **Supported on**: the day (YYYY-MM-DD) every component with lifecycle data must be supported on. */
  readonly supportedOn: string
}

export interface StackQuery {
  /** The components, in the URL's order (at most the stack's limit). */
  readonly components: readonly NamedVersion[]
  /** The plan asked, or null when the URL asks none. */
  readonly plan: PlanFields | null
}

// The page's own parameters: every other one is a component.
export const UPGRADE = 'upgrade'
export const TO = 'to'
export const UNKNOWN = 'unknown'
export const PATH = 'path'
export const SUPPORTED_ON = 'supported-on'
// The form's own fields, sent without a script (stack-form-query.ts): a row's name and
// version, and Add a component.
export const ROW_NAME = 'name'
export const ROW_VERSION = 'version'
export const ADD_ROW = 'add'
export const RESERVED_PARAMETERS: ReadonlySet<string> = new Set([
  UPGRADE,
  TO,
  UNKNOWN,
  PATH,
  SUPPORTED_ON,
  ROW_NAME,
  ROW_VERSION,
  ADD_ROW,
])

// What `path` may say to mean yes: written 1, read as a hand would write it too.
const YES = new Set(['1', 'true', 'on', 'yes'])

export const EMPTY_PLAN: PlanFields = {
  upgrade: '',
  to: '',
  unknown: 'block',
  path: false,
  supportedOn: '',
}

/** Whether the fields ask a plan: a component and its version, or a day, or both. */
export function asksPlan(fields: PlanFields): boolean {
  return (fields.upgrade !== '' && fields.to !== '') || fields.supportedOn !== ''
}

/**
 * What a query (`?…` or without the `?`) holds: the components, and the plan when it asks one.
 *
 * @example readStackQuery('?k8s=1.31&upgrade=k8s&to=1.34&path=1') // { components: [['k8s', '1.31']], plan: { upgrade: 'k8s', to: '1.34', unknown: 'block', path: true, supportedOn: '' } }
 */
export function readStackQuery(query: string | URLSearchParams): StackQuery {
  const parameters = typeof query === 'string' ? new URLSearchParams(query) : query
  const components = [...parameters]
    .filter(([name]) => !RESERVED_PARAMETERS.has(name))
    .slice(0, MAX_DEPENDENCIES) as NamedVersion[]
  const fields: PlanFields = {
    upgrade: (parameters.get(UPGRADE) ?? '').trim(),
    to: (parameters.get(TO) ?? '').trim(),
    unknown: parameters.get(UNKNOWN) === 'allow' ? 'allow' : 'block',
    path: YES.has(parameters.get(PATH) ?? ''),
    supportedOn: (parameters.get(SUPPORTED_ON) ?? '').trim(),
  }
  return { components, plan: components.length > 0 && asksPlan(fields) ? fields : null }
}

/**
 * The query for a stack and the plan asked of it (null: none): components in order, then the
 * plan's fields that say something. What readStackQuery reads back, the same.
 */
export function stackQuery(
  components: readonly NamedVersion[],
  plan: PlanFields | null,
): URLSearchParams {
  const parameters = new URLSearchParams()
  for (const [name, version] of components) parameters.append(name, version)
  if (plan === null || !asksPlan(plan)) return parameters
  if (plan.upgrade !== '' && plan.to !== '') {
    parameters.append(UPGRADE, plan.upgrade)
    parameters.append(TO, plan.to)
  }
  if (plan.unknown === 'allow') parameters.append(UNKNOWN, 'allow')
  if (plan.path) parameters.append(PATH, '1')
  if (plan.supportedOn !== '') parameters.append(SUPPORTED_ON, plan.supportedOn)
  return parameters
}

/**
 * The plan request the page sends (POST /api/v1/plan) for a stack and the plan fields: the
 * same request from the server and the script, so the API's answer cache knows it either way.
 */
export function planRequestOf(components: readonly NamedVersion[], plan: PlanFields): PlanRequest {
  const target: NamedVersion[] =
    plan.upgrade !== '' && plan.to !== '' ? [[plan.upgrade, plan.to]] : []
  return {
    components,
    target,
    unknown: plan.unknown,
    ...(plan.path ? { path: true } : {}),
    ...(plan.supportedOn === '' ? {} : { supportedOn: plan.supportedOn }),
  }
}
