/**
 * Package URLs (purl) as the purl specification reads them, through packageurl-js (the
 * package-url project's own JavaScript implementation): type, namespace, name, percent-
 * encoding, and each type's normalisation (docs/api.md, "Identifiers").
 */
import { PackageURL } from 'packageurl-js'

export interface Purl {
  readonly type: string
  readonly namespace: string | null
  readonly name: string
  readonly version: string | null
  /** Whether it carries qualifiers or a subpath (an identifier may not). */
  readonly qualified: boolean
}

/**
 * The purl a text is, or why it is none.
 *
 * @example readPurl('pkg:npm/%40nestjs/core') // { purl: { type: 'npm', namespace: '@nestjs', name: 'core', … } }
 */
export function readPurl(text: string): { readonly purl: Purl } | { readonly error: string } {
  let parsed: PackageURL
  try {
    parsed = PackageURL.fromString(text)
  } catch (error) {
    return { error: (error as Error).message.replace(/^Invalid purl: /, '') }
  }
  const qualifiers = parsed.qualifiers ?? {}
  return {
    purl: {
      type: parsed.type,
      namespace: parsed.namespace ?? null,
      name: parsed.name,
      version: parsed.version ?? null,
      qualified: Object.keys(qualifiers).length > 0 || (parsed.subpath ?? '') !== '',
    },
  }
}

/**
 * What two purls of one package have in common, whatever their version and qualifiers: type,
 * namespace and name as the specification normalises them per type, and further where the
 * type's registry treats names alike (PyPI: `_`, `.` and `-` runs are one `-`, any case; GitHub
 * and Docker names: any case; a Docker image without a namespace is an official `library/` one).
 *
 * @example purlKey(readPurl('pkg:pypi/Django_REST.framework').purl) // 'pypi//django-rest-framework'
 */
export function purlKey({ type, namespace, name }: Purl): string {
  const folded = (text: string) =>
    type === 'pypi'
      ? text.toLowerCase().replace(/[-_.]+/g, '-')
      : CASE_INSENSITIVE.has(type)
        ? text.toLowerCase()
        : text
  const owner = type === 'docker' && namespace === null ? 'library' : (namespace ?? '')
  return `${type}/${folded(owner)}/${folded(name)}`
}

const CASE_INSENSITIVE = new Set(['pypi', 'github', 'docker', 'oci', 'npm'])
