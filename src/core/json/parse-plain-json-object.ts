/**
 * The request body almost every client sends — an object whose values are strings or flat
 * objects of strings, without a single escape — read by the engine's JSON.parse, with the
 * same result as `parseJsonObject`: objects without a prototype, keys in the order written,
 * a key given twice refused. Anything else is null, and `parseJsonObject` decides (and says
 * what is wrong), so the answers stay the same whichever parser read the body.
 */

// Integer-like keys: JavaScript objects list them first, so their written order would be lost.
const INDEX_LIKE = /^\d+$/

function isIndexLike(key: string): boolean {
  const first = key.charCodeAt(0)
  return first >= 0x30 && first <= 0x39 && INDEX_LIKE.test(key)
}

export function parsePlainJsonObject(text: string): Record<string, unknown> | null {
  if (text.includes('\\')) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(parsed)) return null
  let strings = 0
  const result: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(parsed)) {
    if (isIndexLike(key)) return null
    const value = parsed[key]
    strings += 1
    if (typeof value === 'string') {
      strings += 1
      result[key] = value
      continue
    }
    if (!isObject(value)) return null
    const inner: Record<string, string> = Object.create(null)
    for (const innerKey of Object.keys(value)) {
      const innerValue = value[innerKey]
      if (isIndexLike(innerKey) || typeof innerValue !== 'string') return null
      inner[innerKey] = innerValue
      strings += 2
    }
    result[key] = inner
  }
  // With no escapes, every quote opens or closes a string: fewer strings parsed than written
  // means JSON.parse kept only the last of a repeated key.
  return countQuotes(text) === strings * 2 ? result : null
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function countQuotes(text: string): number {
  let count = 0
  for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) count++
  return count
}
