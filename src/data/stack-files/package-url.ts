/**
 * Builds a package URL (purl) from its parts, percent-encoding each part as the purl
 * specification's "Character encoding" section says: everything but ASCII letters, digits and
 * `.-_~` is encoded, so a scoped npm name's `@` becomes `%40` and a local version's `+` `%2B`.
 */

export interface PackageUrlParts {
  /** `npm`, `pypi`, …: lowercase, never encoded. */
  readonly type: string
  /** npm's `@scope`, Maven's group id; absent for most types. */
  readonly namespace?: string
  readonly name: string
  readonly version: string
}

/** @example packageUrl({ type: 'npm', namespace: '@types', name: 'node', version: '24.0.0' }) // 'pkg:npm/%40types/node@24.0.0' */
export function packageUrl({ type, namespace, name, version }: PackageUrlParts): string {
  const path =
    namespace === undefined
      ? encodePart(name)
      : `${namespace.split('/').map(encodePart).join('/')}/${encodePart(name)}`
  return `pkg:${type}/${path}@${encodePart(version)}`
}

// encodeURIComponent leaves !'()* as they are; the purl specification encodes them too.
function encodePart(part: string): string {
  return encodeURIComponent(part).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}
