/**
 * Combination requests as the server and the CLI read them: from JSON (the POST body, or the
 * GET form's `dependencies` parameter), under the value rules, dependencies in the order
 * written.
 */
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import { JsonSyntaxError, parseJsonObject } from '../core/json/parse-json-object.ts'
import { type SchemaError, toParameterErrors } from './parameter-errors.ts'
import type { ParameterError, ParameterLocation } from './problem.ts'
import { MAX_JSON_DEPTH } from './request-limits.ts'
import { validateCheckBody } from './request-validator.ts'

export type ReadRequest =
  | { readonly request: CombinationRequest }
  | { readonly errors: readonly ParameterError[] }

/**
 * The dependencies of a parsed JSON object in the order the client wrote them: JavaScript
 * objects would move integer-like keys ("10") to the front.
 */
export function orderedDependencies(
  dependencies: Readonly<Record<string, string>>,
  keyOrder: readonly string[] | undefined,
): [string, string][] {
  return (keyOrder ?? Object.keys(dependencies)).map((key) => [key, dependencies[key] as string])
}

/** A combination from values already parsed, under the value rules of the request schema. */
export function readCombination(
  candidate: { project: unknown; version: unknown; dependencies: unknown },
  keyOrder: WeakMap<object, string[]> | null,
  location: ParameterLocation,
): ReadRequest {
  if (!validateCheckBody(candidate)) {
    return {
      errors: toParameterErrors(validateCheckBody.errors as SchemaError[], location, candidate),
    }
  }
  const { project, version, dependencies } = candidate as {
    project: string
    version: string
    dependencies: Record<string, string>
  }
  return {
    request: {
      project,
      version,
      dependencies: orderedDependencies(dependencies, keyOrder?.get(dependencies)),
    },
  }
}

/** The GET form: `dependencies` is a URL-encoded JSON object beside `project` and `version`. */
export function readDependenciesParameter(
  project: string,
  version: string,
  dependenciesText: string,
): ReadRequest {
  let parsed: ReturnType<typeof parseJsonObject>
  try {
    parsed = parseJsonObject(dependenciesText, MAX_JSON_DEPTH)
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    const reason = `must be a URL-encoded JSON object: ${error.message}`
    return { errors: [{ name: 'dependencies', in: 'query', reason }] }
  }
  return readCombination({ project, version, dependencies: parsed.value }, parsed.keyOrder, 'query')
}
