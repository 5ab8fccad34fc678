/** The Markdown that embeds a check's badge in a README (docs/web.md, "The project page"). */
import { BADGE_PATH_PREFIX } from '../api/url-paths.ts'
import { projectPath } from './page-paths.ts'

export interface BadgeCheck {
  readonly project: string
  readonly version: string
  readonly dependency: string
  readonly dependencyVersion: string
}

/** `/badge/keycloak/26.4/postgresql/17.svg`: each value one path segment, percent-encoded. */
export function badgePath(check: BadgeCheck, format: 'svg' | 'json' = 'svg'): string {
  const segments = [check.project, check.version, check.dependency, check.dependencyVersion]
  return `${BADGE_PATH_PREFIX}${segments.map(encodeSegment).join('/')}.${format}`
}

/**
 * The badge as an image linking to the check on the project's page.
 * @example badgeMarkdown('https://compat.example', check) // [![postgresql 17 with keycloak 26.4](…/17.svg)](…?version=26.4&postgresql=17)
 */
export function badgeMarkdown(origin: string, check: BadgeCheck): string {
  const alt = `${check.dependency} ${check.dependencyVersion} with ${check.project} ${check.version}`
  const query = new URLSearchParams({
    version: check.version,
    [check.dependency]: check.dependencyVersion,
  })
  const page = `${origin}${projectPath(check.project)}?${query}`
  return `[![${escapeMarkdown(alt)}](${origin}${badgePath(check)})](${page})`
}

/** `/badge/django/5.2/support.svg`: a release line's support on the day the badge is asked. */
export function supportBadgePath(project: string, version: string): string {
  return `${BADGE_PATH_PREFIX}${encodeSegment(project)}/${encodeSegment(version)}/support.svg`
}

/**
 * The support badge as an image linking to the project's support windows.
 * @example supportBadgeMarkdown('https://compat.example', 'django', '5.2') // [![django 5.2 support](…/badge/django/5.2/support.svg)](…/projects/django#lifecycle-heading)
 */
export function supportBadgeMarkdown(origin: string, project: string, version: string): string {
  const alt = `${project} ${version} support`
  const page = `${origin}${projectPath(project)}#lifecycle-heading`
  return `[![${escapeMarkdown(alt)}](${origin}${supportBadgePath(project, version)})](${page})`
}

/** Percent-encoded, parentheses and the rest encodeURIComponent leaves too: `)` ends a Markdown link. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** Brackets and backslashes in the alt text would end or bend the Markdown image. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\[\]]/g, (character) => `\\${character}`)
}
