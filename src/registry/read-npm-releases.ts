/**
 * An npm package document (the full packument or the abbreviated one npm installs from) as
 * its releases: each version with the `engines`, `peerDependencies` and `peerDependenciesMeta`
 * it declares, and whether it is deprecated.
 */
import type { PublishedReleases } from '../core/readiness/declarations.ts'

/** @example readNpmReleases({ versions: { '19.0.0': { version: '19.0.0' } } }, 'react') */
export function readNpmReleases(document: unknown, name: string): PublishedReleases {
  const versions = (document as { versions?: unknown } | null)?.versions
  if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) {
    return { unavailable: `the registry's document for ${name} lists no versions` }
  }
  return {
    releases: Object.entries(versions as Record<string, unknown>).map(([version, entry]) => {
      const manifest = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
        string,
        unknown
      >
      const { engines, peerDependencies, peerDependenciesMeta, deprecated } = manifest
      return {
        version,
        declarations: {
          ...(engines === undefined ? {} : { engines }),
          ...(peerDependencies === undefined ? {} : { peerDependencies }),
          ...(peerDependenciesMeta === undefined ? {} : { peerDependenciesMeta }),
        },
        // npm un-deprecates a version by setting the message to the empty string.
        withdrawn: typeof deprecated === 'string' ? deprecated !== '' : deprecated === true,
      }
    }),
  }
}
