/**
 * The value rules of every name and version a client sends (docs/api.md, "Errors and limits"):
 * non-empty, at most MAX_VALUE_LENGTH characters, no control characters. The request schemas
 * state them for the server; this states them for inputs read outside a schema (the CLI's
 * arguments, stack files), in the same words.
 */
import { MAX_VALUE_LENGTH } from './request-limits.ts'

/** C0, DEL and C1 control characters: never part of a project id, key or version. */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$'

const ALLOWED = new RegExp(NO_CONTROL_CHARACTERS)

/**
 * What is wrong with a value, or null when it obeys the rules.
 *
 * @example valueFault('') // 'must not be empty'
 */
export function valueFault(value: string): string | null {
  if (value === '') return 'must not be empty'
  if (value.length > MAX_VALUE_LENGTH) return `must be at most ${MAX_VALUE_LENGTH} characters`
  if (!ALLOWED.test(value)) return 'must not contain control characters'
  return null
}
