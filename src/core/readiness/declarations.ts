/**
 * What a package declares about what it runs with and beside, as a lockfile or a registry
 * records it, read as the ecosystem writes it; readiness reads the one field a target asks
 * about (docs/api.md, "Readiness").
 */

export type Ecosystem = 'npm' | 'pypi'

export interface Declarations {
  /** npm: `engines` as written: an object of ranges (`{ "node": ">=18" }`); old packages wrote a list. */
  readonly engines?: unknown
  /** npm: `peerDependencies` as written (optional peers included: they bind when present). */
  readonly peerDependencies?: unknown
  /** npm: `peerDependenciesMeta` as written (`{ "react-dom": { "optional": true } }`). */
  readonly peerDependenciesMeta?: unknown
  /** PyPI: `Requires-Python`; null or empty when the package declares none. */
  readonly requiresPython?: string | null
  /**
   * PyPI: the `Requires-Dist` entries as written (`urllib3<3,>=1.21.1`, `PySocks!=1.5.7,>=1.5.6; extra == "socks"`);
   * undefined when not known (a lockfile does not record them).
   */
  readonly requiresDist?: readonly string[] | null
}

/** One published release of a package and what it declares, as its registry lists it. */
export interface PublishedRelease {
  readonly version: string
  /** Null when its declarations were not read (a registry answer per release not asked for). */
  readonly declarations: Declarations | null
  /** Deprecated (npm) or yanked (PyPI): never proposed as a release to move to. */
  readonly withdrawn: boolean
}

/** A package's releases, or why the registry could not tell them. */
export type PublishedReleases =
  | { readonly releases: readonly PublishedRelease[] }
  | { readonly unavailable: string }
