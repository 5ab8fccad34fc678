/**
 * Whether a source URL points at something that moves: a branch instead of a tag or commit,
 * or a "latest"/"current"/"stable" documentation path. The bundled dataset cites only what
 * will still show the fact next year (data/README.md, "Evidence rules").
 */

// The ref position of repository hosts' file URLs: /blob/<ref>/, /tree/<ref>/, /raw/<ref>/.
const REF_AFTER = new Set(['blob', 'tree', 'raw', 'edit', 'commits', 'src'])
const MOVING_REFS = new Set([
  'main',
  'master',
  'develop',
  'development',
  'trunk',
  'head',
  'dev',
  'next',
  'latest',
  'stable',
])
// Documentation paths that always show the newest version.
const MOVING_DOC_SEGMENTS = new Set([
  'latest',
  'current',
  'stable',
  'master',
  'main',
  'dev',
  'devel',
  'nightly',
  'edge',
])

/**
 * @example movingReason('https://github.com/o/r/blob/main/README.md') // "the branch 'main' moves"
 * @example movingReason('https://github.com/o/r/blob/v1.2.3/README.md') // null
 */
export function movingReason(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'not a URL'
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  const host = url.hostname.toLowerCase()
  if (host === 'raw.githubusercontent.com') {
    const ref = segments[2]?.toLowerCase()
    return ref !== undefined && MOVING_REFS.has(ref) ? `the branch '${segments[2]}' moves` : null
  }
  if (host === 'github.com' || host === 'gitlab.com' || host.startsWith('git.')) {
    for (let index = 0; index < segments.length - 1; index++) {
      if (REF_AFTER.has(segments[index] as string)) {
        const ref = (segments[index + 1] as string).toLowerCase()
        return MOVING_REFS.has(ref) ? `the branch '${segments[index + 1]}' moves` : null
      }
    }
    return null
  }
  const moving = segments.find((segment) => MOVING_DOC_SEGMENTS.has(segment.toLowerCase()))
  return moving === undefined ? null : `'/${moving}/' always shows the newest version`
}
