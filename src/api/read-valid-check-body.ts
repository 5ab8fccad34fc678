/**
 * The combination body almost every client sends, proven valid without the request schema:
 * `project`, `version` and `dependencies` once each, strings under the value rules, no escape
 * anywhere, no integer-like dependency key. The engine's JSON.parse reads it, and the request
 * comes out with its dependencies in the order written. Anything else returns null, and the
 * strict parser and the schema decide (and say what is wrong) — so both ways of reading a body
 * always agree on what they accept (a property test holds them together).
 */
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import {
  countQuotes,
  isIndexLikeKey,
  parseEscapeFreeObject,
} from '../core/json/escape-free-json.ts'
import { isJsonObject } from '../core/json/is-json-object.ts'
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH, MIN_DEPENDENCIES } from './request-limits.ts'

export interface ValidCheckBody {
  /** What JSON.parse made of the body. */
  readonly value: object
  readonly request: CombinationRequest
}

// DEL and C1 controls: JSON allows them raw in a string, the value rules do not. C0 controls
// cannot stand raw in a JSON string, so a body that parses holds none in its values.
const DEL_OR_C1 = /[\u007f-\u009f]/

/**
 * @example readValidCheckBody('{"project":"django","version":"5.2","dependencies":{"python":"3.12"}}')
 * // { value: {…}, request: { project: 'django', version: '5.2', dependencies: [['python', '3.12']] } }
 * @example readValidCheckBody('{"project":"django"}') // null: the schema says what is missing
 */
export function readValidCheckBody(text: string): ValidCheckBody | null {
  if (DEL_OR_C1.test(text)) return null
  const value = parseEscapeFreeObject(text)
  if (value === null) return null
  const names = Object.keys(value)
  if (names.length !== 3) return null
  for (const name of names) {
    if (name !== 'project' && name !== 'version' && name !== 'dependencies') return null
  }
  const { project, version, dependencies } = value
  if (!isRequestValue(project) || !isRequestValue(version) || !isJsonObject(dependencies))
    return null
  const keys = Object.keys(dependencies)
  if (keys.length < MIN_DEPENDENCIES || keys.length > MAX_DEPENDENCIES) return null
  const pairs: [string, string][] = []
  let stringsLength = NAMES_LENGTH + project.length + version.length
  for (const key of keys) {
    const dependencyVersion = dependencies[key]
    if (isIndexLikeKey(key) || !isRequestValue(key) || !isRequestValue(dependencyVersion))
      return null
    pairs.push([key, dependencyVersion])
    stringsLength += key.length + dependencyVersion.length
  }
  // JSON.parse keeps only the last of a repeated key, and a repeat must be refused. Three
  // names, two values, a key and a version per dependency: without escapes each string takes
  // its length and two quotes, and the rest is two braces per object, a colon per member and
  // a comma between members. A text of exactly that length holds nothing else, so no repeat
  // (the compact form clients send); any other length is settled by counting quotes.
  const strings = 3 + 2 + 2 * keys.length
  const members = 3 + keys.length
  const compactLength = stringsLength + 2 * strings + 4 + members + (members - 2)
  if (text.length !== compactLength && countQuotes(text) !== strings * 2) return null
  return { value, request: { project, version, dependencies: pairs } }
}

// "project", "version" and "dependencies"
const NAMES_LENGTH = 7 + 7 + 12

/**
 * Non-empty and at most MAX_VALUE_LENGTH UTF-16 units: never more characters than the
 * schema's limit counts (a longer text of surrogate pairs is left to the schema).
 */
function isRequestValue(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_VALUE_LENGTH
}
