/**
 * The request body almost every client sends — an object whose values are strings or flat
 * objects of strings, without a single escape — read by the engine's JSON.parse, with the
 * same result as `parseJsonObject`: objects without a prototype, keys in the order written,
 * a key given twice refused. Anything else is null, and `parseJsonObject` decides (and says
 * what is wrong), so the answers stay the same whichever parser read the body.
 */
import { countQuotes, isIndexLikeKey, parseEscapeFreeObject } from './escape-free-json.ts'
import { isJsonObject } from './is-json-object.ts'

export function parseOrderSafeJsonObject(text: string): Record<string, unknown> | null {
  const parsed = parseEscapeFreeObject(text)
  if (parsed === null) return null
  let strings = 0
  const result: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(parsed)) {
    if (isIndexLikeKey(key)) return null
    const value = parsed[key]
    strings += 1
    if (typeof value === 'string') {
      strings += 1
      result[key] = value
      continue
    }
    if (!isJsonObject(value)) return null
    const inner: Record<string, string> = Object.create(null)
    for (const innerKey of Object.keys(value)) {
      const innerValue = value[innerKey]
      if (isIndexLikeKey(innerKey) || typeof innerValue !== 'string') return null
      inner[innerKey] = innerValue
      strings += 2
    }
    result[key] = inner
  }
  return countQuotes(text) === strings * 2 ? result : null
}
