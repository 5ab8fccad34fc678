/**
 * Fields of a parsed JSON document, read the way every reader here needs them: a field of the
 * wrong kind is a fault at its pointer, written down and read past, so that one read names
 * every fault of a document rather than the first.
 */

import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import type { FaultSink } from './stack-file.ts'

export interface FieldOptions {
  /** A missing field is a fault; a required text must not be blank either. */
  readonly required?: boolean
}

/** A text field; undefined when it is missing or at fault. */
export function textField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultSink,
  { required = false }: FieldOptions = {},
): string | undefined {
  const value = object[key]
  if (typeof value === 'string' && !(required && value.trim() === '')) return value
  const location = pointerTo(at, key)
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location })
    return undefined
  }
  const kind = required ? 'a non-blank string' : 'a string'
  faults.push({ reason: `must be ${kind}, found ${describeFound(value)}`, location })
  return undefined
}

/** A list field; undefined when it is missing or at fault. */
export function listField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultSink,
  { required = false }: FieldOptions = {},
): readonly unknown[] | undefined {
  const value = object[key]
  const location = pointerTo(at, key)
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location })
    return undefined
  }
  if (!Array.isArray(value)) {
    faults.push({ reason: `must be a list, found ${describeFound(value)}`, location })
    return undefined
  }
  return value
}

/** An object field; undefined when it is missing or at fault. */
export function objectField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultSink,
  { required = false }: FieldOptions = {},
): JsonObject | undefined {
  const value = object[key]
  if (isJsonObject(value)) return value
  const location = pointerTo(at, key)
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location })
    return undefined
  }
  faults.push({ reason: `must be an object, found ${describeFound(value)}`, location })
  return undefined
}
