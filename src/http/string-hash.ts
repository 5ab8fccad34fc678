/**
 * FNV-1a over a string's UTF-16 code units, as a signed 32-bit integer: cheap and stable. A
 * new check's URL is hashed once, for its ETag and for the answer cache's memory of requests.
 */
export function stringHash(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  }
  return hash
}
