/** The paths of the site's pages (docs/web.md, "Pages"): one way to write each. */

export const PROJECT_PREFIX = '/projects/'
export const DEPENDENCY_PREFIX = '/dependencies/'

/** `/projects/<id>`, the id percent-encoded. */
export function projectPath(id: string): string {
  return `${PROJECT_PREFIX}${encodeURIComponent(id)}`
}

/** `/dependencies/<name>`, the name percent-encoded. */
export function dependencyPath(name: string): string {
  return `${DEPENDENCY_PREFIX}${encodeURIComponent(name)}`
}
