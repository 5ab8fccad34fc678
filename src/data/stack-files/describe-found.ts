/**
 * What a fault says it found: the value as JSON, cut short so that a message stays a line, and
 * written only as far as it is shown (a wrong value may be a list of a million items).
 * Characters that could act on a terminal are escaped.
 */
import { escapeControlCharacters } from '../../core/text/excerpt.ts'

const MAX_LENGTH = 60

/** @example describeFound(1) // '1' */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = boundedJson(value, MAX_LENGTH + 1)
  return escapeControlCharacters(
    json.length > MAX_LENGTH ? `${json.slice(0, MAX_LENGTH - 1)}…` : json,
  )
}

/** The value's JSON, or its first `limit` characters or a few more. */
function boundedJson(value: unknown, limit: number): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, limit))
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value)
  if (Array.isArray(value)) {
    let json = '['
    for (let index = 0; index < value.length; index++) {
      if (json.length > limit) return json
      json += `${index === 0 ? '' : ','}${boundedJson(value[index] ?? null, limit - json.length)}`
    }
    return `${json}]`
  }
  let json = '{'
  for (const key in value) {
    if (json.length > limit) return json
    if (!Object.hasOwn(value, key)) continue
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined) continue
    json += `${json === '{' ? '' : ','}${JSON.stringify(key.slice(0, limit))}:`
    json += boundedJson(item, limit - json.length)
  }
  return `${json}}`
}
