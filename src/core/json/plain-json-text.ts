/**
 * What JSON.parse loses and how to notice: shared by the readers that let the engine parse
 * bodies without escapes.
 */

const INDEX_LIKE = /^\d+$/

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
