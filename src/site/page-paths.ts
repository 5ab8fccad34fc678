/** The paths of the site's pages (docs/web.md, "Pages"): one way to write each, one way to read it. */

export const PROJECT_PREFIX = '/projects/'
export const DEPENDENCY_PREFIX = '/dependencies/'

/** Which page a path names; a project's or dependency's name percent-decoded. */
export type PagePath =
  | { readonly kind: 'home' | 'dependencies' | 'stack' }
  | { readonly kind: 'project' | 'dependency'; readonly name: string }

/** `/projects/<id>`, the id percent-encoded. */
export function projectPath(id: string): string {
  return `${PROJECT_PREFIX}${encodeURIComponent(id)}`
}

/** `/dependencies/<name>`, the name percent-encoded. */
export function dependencyPath(name: string): string {
  return `${DEPENDENCY_PREFIX}${encodeURIComponent(name)}`
}

/** The page a path (without its query) names, or null when it is none of the site's. */
export function readPagePath(path: string): PagePath | null {
  if (path === '/') return { kind: 'home' }
  if (path === '/dependencies') return { kind: 'dependencies' }
  if (path === '/stack') return { kind: 'stack' }
  for (const [prefix, kind] of [
    [PROJECT_PREFIX, 'project'],
    [DEPENDENCY_PREFIX, 'dependency'],
  ] as const) {
    if (!path.startsWith(prefix)) continue
    const name = decodeSegment(path.slice(prefix.length))
    return name === null ? null : { kind, name }
  }
  return null
}

function decodeSegment(segment: string): string | null {
  if (segment === '' || segment.includes('/')) return null
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
