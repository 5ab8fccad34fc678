/**
 * Texts without escapes read by the engine's JSON.parse, and how to notice what it loses:
 * shared by the readers that take that fast way before the strict parser.
 */
import { isJsonObject } from './is-json-object.ts'

const INDEX_LIKE = /^\d+$/

/**
 * The object a text without a single escape parses into, by the engine's JSON.parse; null for
 * a text with an escape, that does not parse, or that is not an object.
 */
export function parseEscapeFreeObject(text: string): Record<string, unknown> | null {
  if (text.includes('\\')) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  return isJsonObject(parsed) ? parsed : null
}

/** Integer-like keys: JavaScript objects list them first, so their written order is lost. */
export function isIndexLikeKey(key: string): boolean {
  const first = key.charCodeAt(0)
  return first >= 0x30 && first <= 0x39 && INDEX_LIKE.test(key)
}

/**
 * The quotes in a text. Without escapes every quote opens or closes a string: fewer strings
 * parsed than quotes / 2 means JSON.parse kept only the last of a repeated key.
 */
export function countQuotes(text: string): number {
  let count = 0
  for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) count++
  return count
}
