import type { VersionLookup } from '../../core/check/resolve-project-version.ts'
import type { CachedBody } from '../cached-body.ts'
import type { DatasetHolder } from '../dataset-holder.ts'
import type { FileReaderPool } from '../file-reader-pool.ts'
import type { FrontDoorTiers } from '../front-door-tiers.ts'
import type { ServedDataset } from '../served-dataset.ts'

/** What every route plugin needs from the app. */
export interface RouteContext {
  readonly holder: DatasetHolder
  /** `public, max-age=…` of cacheable GET answers; one string for the app's lifetime. */
  readonly cacheControl: string
  /** Its max-age, in seconds. */
  readonly cacheMaxAge: number
  /** How checks find a project version (docs/api.md, "Version lookup"). */
  readonly versionLookup: VersionLookup
  /** The server's clock (tests pin it). */
  readonly clock: () => Date
  /** Today by that clock, as a UTC date: the day support is judged on when a request names none. */
  readonly today: () => string
  /**
   * Reads posted files (SBOMs, lockfiles, `helm list` …) in a worker thread: one per app,
   * shared by the stack route's SBOM bodies and the stack page's file form, which it renders.
   */
  readonly fileReader: FileReaderPool
  /**
   * COMPAT_REGISTRY=on: the environment readiness answers read registries by; null: they read
   * none (docs/operations.md, "Registries").
   */
  readonly registry: { readonly env: Readonly<Record<string, string | undefined>> } | null
  /** Which shorter ways through a request are on: all of them, but when measured. */
  readonly tiers: FrontDoorTiers
}

/**
 * A route whose answers the front door may send from Node's request handler, before
 * Fastify is entered, once the route has made them for the dataset being served.
 */
export interface FrontDoorRoute {
  /** The route pattern, as metrics and logs name it. */
  readonly route: string
  /** The URL the route answers (`exact`), or the start of every URL it answers. */
  readonly path: string
  readonly exact: boolean
  /** With `exact`: the URL may also carry any query, which the answer does not depend on. */
  readonly anyQuery?: boolean
  /**
   * Cache-Control of its answers, when not the API's: the site's pages are revalidated, and an
   * answer about today is cached no later than the day's end (a function of the URL).
   */
  readonly cacheControl?: string | ((url: string) => string)
  /** The answer already made for this URL on this dataset, if any. */
  answer(served: ServedDataset, url: string): CachedBody | undefined
}

/**
 * A POST route whose usual answers the front door may give before Fastify is entered: it
 * reads a body of at most MAX_BODY_BYTES sent as `application/json` and asks the route. A
 * body the route leaves (`undefined`) goes to Fastify with the bytes already read, so every
 * other answer (400, 413, 415, …) is Fastify's own.
 */
export interface FrontDoorBodyRoute {
  /** The route pattern, as metrics and logs name it; also the exact URL answered. */
  readonly route: string
  /** The answer to this body on this dataset, made now or earlier; undefined: ask the route. */
  answer(served: ServedDataset, text: string): CachedBody | undefined
}
