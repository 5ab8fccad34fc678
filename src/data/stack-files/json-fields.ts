/**
 * Fields of a parsed JSON document, read the way every reader here needs them: a field of the
 * wrong kind is a fault at its pointer, written down and read past, so that one read names
 * every fault of a document rather than the first. The pointer is written only for a fault:
 * a document of a million components reads six fields of each.
 */
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { isJsonObject, type JsonObject } from './is-json-object.ts'
import type { FaultList } from './stack-file.ts'

export interface FieldOptions {
  /** A missing field is a fault; a required text must not be blank either. */
  readonly required?: boolean
}

/** A text field; undefined when it is missing or at fault. */
export function textField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultList,
  { required = false }: FieldOptions = {},
): string | undefined {
  const value = object[key]
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location: pointerTo(at, key) })
    return undefined
  }
  if (typeof value !== 'string' || (required && value.trim() === '')) {
    const kind = required ? 'a non-blank string' : 'a string'
    faults.push({
      reason: `must be ${kind}, found ${describeFound(value)}`,
      location: pointerTo(at, key),
    })
    return undefined
  }
  return value
}

/** A list field; undefined when it is missing or at fault. */
export function listField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultList,
  { required = false }: FieldOptions = {},
): readonly unknown[] | undefined {
  const value = object[key]
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location: pointerTo(at, key) })
    return undefined
  }
  if (!Array.isArray(value)) {
    faults.push({
      reason: `must be a list, found ${describeFound(value)}`,
      location: pointerTo(at, key),
    })
    return undefined
  }
  return value
}

/** An object field; undefined when it is missing or at fault. */
export function objectField(
  object: JsonObject,
  key: string,
  at: string,
  faults: FaultList,
  { required = false }: FieldOptions = {},
): JsonObject | undefined {
  const value = object[key]
  if (value === undefined) {
    if (required) faults.push({ reason: 'is missing', location: pointerTo(at, key) })
    return undefined
  }
  if (!isJsonObject(value)) {
    faults.push({
      reason: `must be an object, found ${describeFound(value)}`,
      location: pointerTo(at, key),
    })
    return undefined
  }
  return value
}
