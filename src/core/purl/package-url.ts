/**
 * Builds a package URL (purl) from its parts through packageurl-js, the package-url project's
 * own implementation, which also reads them (`read-purl.ts`): each type's normalisation (a
 * PyPI name lowercase with `-` for `_`) and the specification's percent-encoding (a scoped npm
 * name's `@` is `%40`).
 */
import { PackageURL } from 'packageurl-js'

export interface PackageUrlParts {
  /** `npm`, `pypi`, …: lowercase. */
  readonly type: string
  /** npm's `@scope`, a Docker image's owner, Maven's group id; absent for most types. */
  readonly namespace?: string
  readonly name: string
  readonly version?: string
  readonly qualifiers?: Readonly<Record<string, string>>
}

/** @example packageUrl({ type: 'npm', namespace: '@types', name: 'node', version: '24.0.0' }) // 'pkg:npm/%40types/node@24.0.0' */
export function packageUrl({
  type,
  namespace,
  name,
  version,
  qualifiers,
}: PackageUrlParts): string {
  return new PackageURL(
    type,
    namespace,
    name,
    version,
    qualifiers === undefined ? undefined : { ...qualifiers },
    undefined,
  ).toString()
}

/**
 * The purl of a package known by its full name, the namespace everything before the last `/`:
 * npm's `@scope/name`, a GitHub `owner/repository`, a Go module's path.
 *
 * @example packageUrlOfName('npm', '@biomejs/biome') // 'pkg:npm/%40biomejs/biome'
 */
export function packageUrlOfName(type: string, fullName: string, version?: string): string | null {
  const slash = fullName.lastIndexOf('/')
  return packageUrl(
    slash === -1
      ? { type, name: fullName, version }
      : { type, namespace: fullName.slice(0, slash), name: fullName.slice(slash + 1), version },
  )
}
