/**
 * PyPI's JSON API answers as releases (PyPI's documentation, "JSON API"): `<project>/json` lists every
 * release with its files, and each file carries the release's `requires_python` and whether
 * it was yanked; `<project>/<version>/json` gives one release's `info.requires_dist`, which the
 * project answer does not.
 */
import type { Declarations, PublishedReleases } from '../core/readiness/declarations.ts'

/**
 * A release whose files are all yanked is withdrawn; one without files (a name reserved, never
 * uploaded) is no release to move to either. Its `Requires-Python` is its files' (they agree).
 */
export function readPypiReleases(answer: unknown, name: string): PublishedReleases {
  const releases = (answer as { releases?: unknown } | null)?.releases
  if (typeof releases !== 'object' || releases === null || Array.isArray(releases)) {
    return { unavailable: `the registry's answer for ${name} lists no releases` }
  }
  return {
    releases: Object.entries(releases as Record<string, unknown>).map(([version, files]) => {
      const list = Array.isArray(files) ? (files as Record<string, unknown>[]) : []
      const declared = list.find((file) => typeof file?.requires_python === 'string')
      return {
        version,
        declarations: {
          requiresPython: (declared?.requires_python as string | undefined) ?? null,
        },
        withdrawn: list.length === 0 || list.every((file) => file?.yanked === true),
      }
    }),
  }
}

/** One release's answer: what it declares, `Requires-Dist` included. */
export function readPypiRelease(answer: unknown): Declarations | null {
  const info = (answer as { info?: unknown } | null)?.info
  if (typeof info !== 'object' || info === null) return null
  const { requires_python: requiresPython, requires_dist: requiresDist } = info as Record<
    string,
    unknown
  >
  return {
    requiresPython: typeof requiresPython === 'string' ? requiresPython : null,
    requiresDist: Array.isArray(requiresDist)
      ? requiresDist.filter((entry): entry is string => typeof entry === 'string')
      : [],
  }
}
