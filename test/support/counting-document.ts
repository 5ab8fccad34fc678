/**
 * A parsed JSON document that counts how often a reader looks into it: every property read,
 * key listing and membership test of any object or list inside it is a step. A reader whose
 * steps stay within a constant times the document's values reads it in linear time.
 */
export function countingDocument(document: unknown): { document: unknown; steps: () => number } {
  let steps = 0
  const proxies = new WeakMap<object, object>()
  const wrap = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value
    let proxy = proxies.get(value)
    if (proxy === undefined) {
      proxy = new Proxy(value, {
        get(target, key, receiver) {
          steps++
          return wrap(Reflect.get(target, key, receiver))
        },
        has(target, key) {
          steps++
          return Reflect.has(target, key)
        },
        ownKeys(target) {
          const keys = Reflect.ownKeys(target)
          steps += keys.length + 1
          return keys
        },
        getOwnPropertyDescriptor(target, key) {
          steps++
          return Reflect.getOwnPropertyDescriptor(target, key)
        },
      })
      proxies.set(value, proxy)
    }
    return proxy
  }
  return { document: wrap(document), steps: () => steps }
}

/** How many values (objects, lists, strings, numbers, …) a JSON document holds. */
export function valueCount(document: unknown): number {
  let count = 0
  const stack = [document]
  while (stack.length > 0) {
    const value = stack.pop()
    count++
    if (typeof value === 'object' && value !== null) stack.push(...Object.values(value))
  }
  return count
}
