/**
 * JSON text of a value in which a Map stands for an object whose keys keep their order:
 * JSON.stringify writes an object's integer-like keys (`"10"`, `"2024"`) first, whatever order
 * they were given in, and a document's versions keep theirs. Everything else is written as
 * JSON.stringify writes it. Made for values written once and kept (a project's document),
 * not for every request: it walks the value in JavaScript.
 *
 * @example orderedJson({ versions: new Map([['11', 1], ['10', 2]]) }) // '{"versions":{"11":1,"10":2}}'
 */
export function orderedJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || 'toJSON' in value) {
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : orderedJson(item))).join(',')}]`
  }
  const members: string[] = []
  const entries = value instanceof Map ? value.entries() : Object.entries(value)
  for (const [key, item] of entries) {
    if (item !== undefined) members.push(`${JSON.stringify(String(key))}:${orderedJson(item)}`)
  }
  return `{${members.join(',')}}`
}
