/**
 * The home page's search ranks what it finds (docs/web.md, "Pages"): a project named exactly
 * what was typed first (`postgres` is PostgreSQL's alias), then one whose name, id or alias
 * starts with it, then one whose name, id or alias holds it, then the rest (a match in the
 * description or a category only). Ties keep the list's order.
 */

/** What a project is searched by. */
export interface Searchable {
  readonly id: string
  readonly name: string
  readonly aliases?: readonly string[]
}

/**
 * 0 (named exactly) to 3 (found elsewhere only); the query trimmed and compared without case.
 *
 * @example searchRank({ id: 'postgresql', name: 'PostgreSQL', aliases: ['postgres'] }, 'postgres') // 0
 */
export function searchRank(project: Searchable, query: string): number {
  const typed = query.trim().toLowerCase()
  if (typed === '') return 0
  const names = [project.id, project.name, ...(project.aliases ?? [])].map((name) =>
    name.toLowerCase(),
  )
  if (names.includes(typed)) return 0
  if (names.some((name) => name.startsWith(typed))) return 1
  if (names.some((name) => name.includes(typed))) return 2
  return 3
}

/** The items in rank order for the query, ties in their given order. */
export function rankedBy<T>(
  items: readonly T[],
  query: string,
  project: (item: T) => Searchable,
): T[] {
  return items
    .map((item, at) => ({ item, at, rank: searchRank(project(item), query) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map(({ item }) => item)
}
