/** Reading many upstreams politely: a few requests at a time, the answers in the items' order. */

/**
 * Maps every item, at most `limit` at a time, keeping their order.
 *
 * @example await mapAtMost(projects, 8, (project) => readUpstream(project))
 */
export async function mapAtMost<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next++
      results[at] = await map(items[at] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
