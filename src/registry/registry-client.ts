/**
 * Reads package registries for readiness (docs/api.md, "Readiness"): an npm package's
 * document through npm's own fetch library (npm-registry-fetch: the user's registry, scoped
 * registries and credentials, as npm reads them), PyPI's JSON API through the library under
 * it (make-fetch-happen). Both keep answers in one disk cache (cacache, under
 * `$XDG_CACHE_HOME/compat/registry`) and revalidate a stale one with its ETag. At most 8
 * requests are in flight from the process; a client may have a budget of requests; offline,
 * only the cache is read. A failure never throws: that package's answer is `unavailable`,
 * with the reason.
 * The libraries load at the first request, so an offline answer never pays for them.
 */
import type { Declarations, PublishedReleases } from '../core/readiness/declarations.ts'
import { InFlightLimit } from './in-flight-limit.ts'
import { type NpmConfig, npmConfig } from './npm-config.ts'
import { pypiJsonApi, pypiProjectUrl } from './pypi-index.ts'
import { readNpmReleases } from './read-npm-releases.ts'
import { readPypiRelease, readPypiReleases } from './read-pypi-releases.ts'
import { registryCacheDir } from './registry-cache-dir.ts'

export const MAX_IN_FLIGHT = 8
// One limit for the process: a server answering several questions at once still asks the
// registry at most 8 things at a time.
const IN_FLIGHT = new InFlightLimit(MAX_IN_FLIGHT)
// npm's abbreviated document: every version with what installing it needs, engines and peers
// included, without readmes.
const ABBREVIATED = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8'

export interface RegistryClientOptions {
  readonly env: Readonly<Record<string, string | undefined>>
  /** Where the project's `.npmrc` is looked for (the file's folder); none on a server. */
  readonly projectDir?: string
  /** Read the cache only. */
  readonly offline: boolean
  /** Per request. */
  readonly timeoutMs: number
  /** Requests this client may make at most (a server's answer has a budget); none: no limit. */
  readonly maxRequests?: number
}

type Outcome<T> = { readonly value: T } | { readonly unavailable: string }

export class RegistryClient {
  readonly #options: RegistryClientOptions
  readonly #cacheDir: string | null
  #npm: Promise<Outcome<NpmConfig>> | null = null
  #pypi: Promise<Outcome<string>> | null = null
  #requests = 0

  constructor(options: RegistryClientOptions) {
    this.#options = options
    this.#cacheDir = registryCacheDir(options.env)
  }

  /** Only the cache is read. */
  get offline(): boolean {
    return this.#options.offline
  }

  /** Requests made (cache hits included: each may need revalidating). */
  get requests(): number {
    return this.#requests
  }

  /** Every version of an npm package, with what each declares. */
  async npmReleases(name: string): Promise<PublishedReleases> {
    this.#npm ??= settle(npmConfig({ env: this.#options.env, ...this.#where() }))
    const config = await this.#npm
    if ('unavailable' in config) return config
    const answer = await this.#ask(name, async () => {
      const { default: npmFetch } = await import('npm-registry-fetch')
      return npmFetch.json(`/${escapedName(name)}`, {
        ...config.value.settings,
        spec: name,
        headers: { accept: ABBREVIATED },
        ...this.#fetchOptions(),
        ...(this.#cacheDir === null ? {} : { cache: this.#cacheDir }),
        offline: this.#options.offline,
      })
    })
    return 'unavailable' in answer ? answer : readNpmReleases(answer.value, name)
  }

  /** Every release of a PyPI project, with its `Requires-Python`. */
  async pypiReleases(name: string): Promise<PublishedReleases> {
    const answer = await this.#pypiJson(name, (api) => pypiProjectUrl(api, name))
    return 'unavailable' in answer ? answer : readPypiReleases(answer.value, name)
  }

  /** One PyPI release's declarations, `Requires-Dist` included. */
  async pypiRelease(name: string, version: string): Promise<Outcome<Declarations>> {
    const answer = await this.#pypiJson(
      `${name} ${version}`,
      (api) => `${api}/${encodeURIComponent(name)}/${encodeURIComponent(version)}/json`,
    )
    if ('unavailable' in answer) return answer
    const declarations = readPypiRelease(answer.value)
    return declarations === null
      ? { unavailable: `the registry's answer for ${name} ${version} has no info` }
      : { value: declarations }
  }

  async #pypiJson(what: string, url: (api: string) => string): Promise<Outcome<unknown>> {
    this.#pypi ??= settle(pypiJsonApi(this.#options.env as NodeJS.ProcessEnv))
    const api = await this.#pypi
    if ('unavailable' in api) return api
    return this.#ask(what, async () => {
      const { default: fetch } = await import('make-fetch-happen')
      const response = await fetch(url(api.value), {
        headers: { accept: 'application/json' },
        ...this.#fetchOptions(),
        ...(this.#cacheDir === null ? {} : { cachePath: this.#cacheDir }),
        cache: this.#options.offline ? 'only-if-cached' : 'default',
      })
      if (!response.ok)
        throw Object.assign(new Error(response.statusText), { statusCode: response.status })
      return response.json()
    })
  }

  #where(): { projectDir?: string } {
    const { projectDir } = this.#options
    return projectDir === undefined ? {} : { projectDir }
  }

  #fetchOptions(): Record<string, unknown> {
    return {
      timeout: this.#options.timeoutMs,
      // One more try for a connection dropped on the way; a registry that does not answer
      // in time is not asked again.
      retry: { retries: 1, minTimeout: 200, maxTimeout: 1000 },
      fetchRetries: 1,
      fetchRetryMintimeout: 200,
      fetchRetryMaxtimeout: 1000,
    }
  }

  /** One request within the limits; every failure becomes the reason, in words. */
  async #ask(what: string, request: () => Promise<unknown>): Promise<Outcome<unknown>> {
    const { maxRequests } = this.#options
    // Without a cache directory there is nothing to read offline, and nothing may be fetched.
    if (this.#options.offline && this.#cacheDir === null) {
      return {
        unavailable: `no registry answer is kept for ${what} (no cache directory: set XDG_CACHE_HOME or HOME), and the registry is not read offline`,
      }
    }
    if (maxRequests !== undefined && this.#requests >= maxRequests) {
      return {
        unavailable: `not asked: the ${maxRequests} registry requests of this answer are used`,
      }
    }
    this.#requests += 1
    try {
      return { value: await IN_FLIGHT.run(request) }
    } catch (error) {
      return { unavailable: reasonOf(error, what, this.#options) }
    }
  }
}

function escapedName(name: string): string {
  return name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)
}

async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await promise }
  } catch (error) {
    return { unavailable: (error as Error).message }
  }
}

function reasonOf(error: unknown, what: string, options: RegistryClientOptions): string {
  const { code, statusCode, type } = error as { code?: string; statusCode?: number; type?: string }
  if (code === 'ENOTCACHED') {
    return `the registry's answer for ${what} is not in the cache, and the registry is not read offline`
  }
  if (statusCode === 404 || code === 'E404') return `the registry has no package ${what}`
  if (statusCode !== undefined) return `the registry answered ${statusCode} for ${what}`
  if (type === 'request-timeout' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') {
    return `the registry did not answer for ${what} within ${Math.round(options.timeoutMs / 1000)} s`
  }
  if (error instanceof SyntaxError || type === 'invalid-json' || code === 'EJSONPARSE') {
    return `the registry's answer for ${what} is not JSON`
  }
  return `cannot reach the registry for ${what} (${code ?? (error as Error).message})`
}
