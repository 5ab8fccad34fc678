/**
 * A container image reference (`node:20.11-alpine`, `quay.io/keycloak/keycloak:26.0@sha256:…`)
 * as a scan reads it: the image's package URL, by which it matches a catalogued project
 * (`pkg:docker/library/node` → nodejs), and the version its tag names (docs/cli.md,
 * "compat scan").
 */

import { packageUrl } from '../../core/purl/package-url.ts'
import type { Declared } from '../../core/scan/scan-declaration.ts'
import { parseVersion } from '../../core/version/parse-version.ts'

export interface ImageReference {
  /** The image as written, without its tag and digest: `node`, `quay.io/keycloak/keycloak`. */
  readonly name: string
  /** `pkg:docker/NAMESPACE/NAME`, with `?repository_url=` for a registry other than Docker Hub. */
  readonly purl: string
  readonly tag: string | null
  readonly digest: string | null
}

const DOCKER_HUB = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io'])

/**
 * Registries that serve Docker Hub's images under the same names: an image from one of them is
 * Docker Hub's (`public.ecr.aws/docker/library/node` is `node`).
 */
const HUB_MIRRORS: readonly (readonly [string, string])[] = [
  ['public.ecr.aws/docker/', ''],
  ['mirror.gcr.io/', ''],
]

/**
 * Null when the text is no image reference (empty, spaces, an unset variable left in it).
 *
 * @example readImageReference('quay.io/keycloak/keycloak:26.0') // { name: 'quay.io/keycloak/keycloak', purl: 'pkg:docker/keycloak/keycloak?repository_url=quay.io', tag: '26.0', digest: null }
 */
export function readImageReference(text: string): ImageReference | null {
  if (text === '' || text.length > 512 || /[\s$]/.test(text)) return null
  const at = text.indexOf('@')
  const digest = at === -1 ? null : text.slice(at + 1)
  const reference = at === -1 ? text : text.slice(0, at)
  const slash = reference.lastIndexOf('/')
  const colon = reference.lastIndexOf(':')
  const tag = colon > slash ? reference.slice(colon + 1) : null
  const name = colon > slash ? reference.slice(0, colon) : reference
  if (name === '' || tag === '' || digest === '') return null
  let path = name.toLowerCase()
  for (const [mirror, replacement] of HUB_MIRRORS) {
    if (path.startsWith(mirror)) path = replacement + path.slice(mirror.length)
  }
  const parts = path.split('/')
  const first = parts[0] as string
  const hasRegistry =
    parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost')
  const registry = hasRegistry ? first : null
  const repository = hasRegistry ? parts.slice(1) : parts
  if (repository.some((part) => part === '')) return null
  const onHub = registry === null || DOCKER_HUB.has(registry)
  if (onHub && repository.length === 1) repository.unshift('library')
  const purl = packageUrl({
    type: 'docker',
    namespace: repository.slice(0, -1).join('/'),
    name: repository.at(-1) as string,
    ...(onHub ? {} : { qualifiers: { repository_url: registry as string } }),
  })
  return purl === null ? null : { name, purl, tag, digest }
}

/**
 * The version an image's tag names: its release without the variant (`20.11-alpine` → 20.11,
 * `3.12-slim-bookworm` → 3.12); none for `latest`, `lts`, a codename, or a digest alone.
 *
 * @example tagVersion('20.11-alpine', null) // { version: '20.11' }
 * @example tagVersion(null, 'sha256:…') // { unknown: 'it is pinned by digest alone, which names no version' }
 */
export function tagVersion(tag: string | null, digest: string | null): Declared {
  if (tag === null) {
    return digest === null
      ? { unknown: 'without a tag it is whatever latest is when pulled' }
      : { unknown: 'it is pinned by digest alone, which names no version' }
  }
  const parsed = parseVersion(tag)
  if (parsed === null) return { unknown: `the tag '${tag}' names no version` }
  let cut = tag.length
  if (parsed.build !== null) cut -= parsed.build.length + 1
  if (parsed.flavor !== null) cut -= parsed.flavor.length + 1
  return { version: tag.slice(0, cut) }
}
