/**
 * Package URLs (purl) as the purl specification reads them, through packageurl-js (the
 * package-url project's own JavaScript implementation): type, namespace, name, percent-
 * encoding, and each type's normalisation (docs/api.md, "Identifiers").
 */

import { PackageURL } from 'packageurl-js'
import { normalizePypiName } from '../names/normalize-pypi-name.ts'

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
      ? normalizePypiName(text)
      : CASE_INSENSITIVE.has(type)
        ? text.toLowerCase()
        : text
  const owner = type === 'docker' && namespace === null ? 'library' : (namespace ?? '')
  return `${type}/${folded(owner)}/${folded(name)}`
}

const CASE_INSENSITIVE = new Set(['pypi', 'github', 'docker', 'oci', 'npm'])

/** Types whose names `purlKey` fully normalises, so a plain purl of them needs no parser. */
const PLAIN_TYPES = new Set(['npm', 'pypi', 'docker', 'github'])
const PRINTABLE_PART = /^[\x21-\x7e]+$/
const PLAIN_PURL =
  /^pkg:([a-z]+)\/([A-Za-z0-9._~%-]+(?:\/[A-Za-z0-9._~%-]+)*)(?:@[A-Za-z0-9._~%+:-]*)?$/

/**
 * What `purlKey(readPurl(text).purl)` gives, without the parser for the plain purls a lockfile
 * has by the thousand (`pkg:npm/%40scope/name@1.2.3`: no qualifiers, no subpath); null when
 * the text is no purl.
 *
 * @example purlKeyOf('pkg:npm/%40nestjs/core@10.0.0') // 'npm/@nestjs/core'
 */
export function purlKeyOf(text: string): string | null {
  const plain = PLAIN_PURL.exec(text)
  if (plain !== null && PLAIN_TYPES.has(plain[1] as string)) {
    const parts = (plain[2] as string).split('/')
    try {
      const decoded = parts.map((part) => decodeURIComponent(part))
      // Printable ASCII only: the parser trims and rewrites other characters its own way.
      if (decoded.every((part) => PRINTABLE_PART.test(part) && !part.includes('/'))) {
        const name = decoded.pop() as string
        const namespace = decoded.length === 0 ? null : decoded.join('/')
        return purlKey({
          type: plain[1] as string,
          namespace,
          name,
          version: null,
          qualified: false,
        })
      }
    } catch {
      // A broken escape: the parser says what it makes of it.
    }
  }
  const read = readPurl(text)
  return 'purl' in read ? purlKey(read.purl) : null
}
