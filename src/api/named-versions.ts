/**
 * Objects of names to versions as the server and the CLI read them (docs/api.md, "Versions
 * that fit", "Stacks"): the versions question's `dependencies`, a stack's `components`. Read
 * from JSON text (a GET form's parameter) or from a parsed body, under the value rules, in
 * the order written.
 */
import { JsonSyntaxError, parseJsonObject } from '../core/json/parse-json-object.ts'
import type { PlanRequest } from '../core/plan/evaluate-plan.ts'
import { type SchemaError, toParameterErrors } from './parameter-errors.ts'
import type { ParameterError, ParameterLocation } from './problem.ts'
import { orderedDependencies } from './read-combination.ts'
import { dateFault } from './read-date.ts'
import { MAX_DEPENDENCIES, MAX_JSON_DEPTH } from './request-limits.ts'
import {
  validatePlanBody,
  validateStackBody,
  validateVersionsDependencies,
} from './request-validator.ts'

export type NamedVersions =
  | { readonly pairs: [string, string][] }
  | { readonly errors: readonly ParameterError[] }

type Field = 'dependencies' | 'components'

const VALIDATORS = {
  dependencies: validateVersionsDependencies,
  components: validateStackBody,
} as const

/**
 * A URL-encoded JSON object parameter, decoded already: its pairs in written order, or the
 * errors naming it.
 *
 * @example readNamedVersionsParameter('components', '{"k8s":"1.33.2"}') // { pairs: [['k8s', '1.33.2']] }
 */
export function readNamedVersionsParameter(field: Field, text: string | undefined): NamedVersions {
  if (text === undefined) return { errors: [{ name: field, in: 'query', reason: 'is required' }] }
  let parsed: ReturnType<typeof parseJsonObject>
  try {
    parsed = parseJsonObject(text, MAX_JSON_DEPTH)
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    const reason = `must be a URL-encoded JSON object: ${error.message}`
    return { errors: [{ name: field, in: 'query', reason }] }
  }
  return readNamedVersions(field, parsed.value, parsed.keyOrder, 'query')
}

/** The object of a parsed request (a body's `components`), checked by the request schema. */
export function readNamedVersions(
  field: Field,
  value: unknown,
  keyOrder: WeakMap<object, string[]> | null,
  location: ParameterLocation,
): NamedVersions {
  const candidate = { [field]: value }
  const validate = VALIDATORS[field]
  if (!validate(candidate)) {
    return { errors: toParameterErrors(validate.errors as SchemaError[], location, candidate) }
  }
  const object = value as Record<string, string>
  return { pairs: orderedDependencies(object, keyOrder?.get(object)) }
}

export type StackBodyRead =
  | { readonly pairs: [string, string][]; readonly date: string | null }
  | { readonly errors: readonly ParameterError[] }

/**
 * A stack's POST body, parsed already: its components in written order and the day asked
 * (null: today), or the errors of the whole body (unknown fields included).
 */
export function readStackBody(
  body: unknown,
  keyOrder: WeakMap<object, string[]> | null,
  location: ParameterLocation,
): StackBodyRead {
  if (!validateStackBody(body)) {
    return { errors: toParameterErrors(validateStackBody.errors as SchemaError[], location, body) }
  }
  const { components, date } = body as { components: Record<string, string>; date?: string }
  const fault = date === undefined ? null : dateFault(date)
  if (fault !== null) return { errors: [{ name: 'date', in: location, reason: fault }] }
  return { pairs: orderedDependencies(components, keyOrder?.get(components)), date: date ?? null }
}

export type PlanBodyRead =
  | { readonly request: PlanRequest }
  | { readonly errors: readonly ParameterError[] }

/**
 * A plan's POST body, parsed already: its components and target in written order, the unknown
 * policy (block by default), path, supportedOn and prefer when sent; or every error of the body —
 * among them a supportedOn that is no real date, neither target nor supportedOn, and more
 * than MAX_DEPENDENCIES distinct names across components and target.
 */
export function readPlanBody(
  body: unknown,
  keyOrder: WeakMap<object, string[]> | null,
  location: ParameterLocation,
): PlanBodyRead {
  if (!validatePlanBody(body)) {
    return { errors: toParameterErrors(validatePlanBody.errors as SchemaError[], location, body) }
  }
  const { components, target, unknown, path, supportedOn, prefer } = body as {
    components: Record<string, string>
    target?: Record<string, string>
    unknown?: 'block' | 'allow'
    path?: boolean
    supportedOn?: string
    prefer?: 'lowest' | 'newest'
  }
  const errors: ParameterError[] = []
  const fault = supportedOn === undefined ? null : dateFault(supportedOn)
  if (fault !== null) errors.push({ name: 'supportedOn', in: location, reason: fault })
  if (target === undefined && supportedOn === undefined) {
    errors.push({ name: 'target', in: location, reason: 'is required unless supportedOn is sent' })
  }
  const names = new Set([...Object.keys(components), ...Object.keys(target ?? {})])
  if (names.size > MAX_DEPENDENCIES) {
    const reason = `and components together name ${names.size} components; at most ${MAX_DEPENDENCIES} may be named`
    errors.push({ name: 'target', in: location, reason })
  }
  if (errors.length > 0) return { errors }
  const request: PlanRequest = {
    components: orderedDependencies(components, keyOrder?.get(components)),
    target: target === undefined ? [] : orderedDependencies(target, keyOrder?.get(target)),
    unknown: unknown ?? 'block',
    ...(path === undefined ? {} : { path }),
    ...(supportedOn === undefined ? {} : { supportedOn }),
    ...(prefer === undefined ? {} : { prefer }),
  }
  return { request }
}
