/**
 * The server's settings from the environment, each checked: a bad value is a start-up error
 * that names the variable, never a silent default (docs/operations.md, "Settings").
 */
import { availableParallelism } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { VERSION_LOOKUPS, type VersionLookup } from '../core/check/resolve-project-version.ts'
import { BUNDLED_DATA_DIR } from '../data/bundled-data-dir.ts'
import type { AppOptions } from '../http/app.ts'
import { type FrontDoorTiers, TIER_NAMES, tiersWithout } from '../http/front-door-tiers.ts'
import { parsePublicUrl } from '../http/parse-public-url.ts'
import { parseTrustedProxies, type TrustedProxies } from '../http/rate-limit/client-address.ts'
import { parseRateLimit, type RateLimitSetting } from '../http/rate-limit/parse-rate-limit.ts'
import { DEFAULT_CACHE_MAX_AGE_SECONDS } from '../http/server-limits.ts'

export interface ServerOptions {
  readonly dataDir: string
  readonly port: number
  readonly host: string
  readonly logLevel: string
  readonly cacheMaxAge: number
  /** How checks find a project version (docs/api.md, "Version lookup"). */
  readonly versionLookup?: VersionLookup
  /** Reload when a file in the data directory changes. */
  readonly watch?: boolean
  /** PEM files of a certificate (chain) and its key: the server speaks HTTPS. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string }
  /** A per-client request limit; none when absent. */
  readonly rateLimit?: RateLimitSetting
  /** Proxies whose X-Forwarded-For names the client. */
  readonly trustProxy?: TrustedProxies
  /** Worker processes sharing the port; 1 (the default) serves from this process. */
  readonly workers?: number
  /** The site's public address (canonical links, sitemap, OpenAPI servers); none when absent. */
  readonly publicUrl?: string
  /** Where parsed data files are kept between loads (parsed-file-cache.ts); none when absent. */
  readonly cacheDir?: string
  /** Tests change these; a served process uses the constants of http/server-limits.ts. */
  readonly limits?: AppOptions['limits']
  /**
   * COMPAT_REGISTRY=on: readiness answers may read package registries, configured by this
   * environment (npm's and pip's own settings); absent, none is read.
   */
  readonly registry?: AppOptions['registry']
  /** Every tier on, unless COMPAT_TIERS_OFF switches some off to measure them. */
  readonly tiers?: FrontDoorTiers
}

/**
 * PORT, HOST, COMPAT_DATA_DIR, LOG_LEVEL, CACHE_MAX_AGE, COMPAT_WATCH, COMPAT_VERSION_LOOKUP,
 * TLS_CERT_FILE and TLS_KEY_FILE, COMPAT_RATE_LIMIT, COMPAT_TRUST_PROXY, COMPAT_WORKERS,
 * COMPAT_PUBLIC_URL, COMPAT_PARSE_CACHE_DIR, COMPAT_REGISTRY and COMPAT_TIERS_OFF.
 */
export function optionsFromEnvironment(env: NodeJS.ProcessEnv): ServerOptions {
  return {
    dataDir: env.COMPAT_DATA_DIR || BUNDLED_DATA_DIR,
    port: portSetting(env.PORT),
    host: env.HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL || 'info',
    cacheMaxAge: integerSetting(env, 'CACHE_MAX_AGE', DEFAULT_CACHE_MAX_AGE_SECONDS),
    versionLookup: versionLookupSetting(env.COMPAT_VERSION_LOOKUP),
    watch: env.COMPAT_WATCH === '1' || env.COMPAT_WATCH === 'true',
    ...tlsSetting(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    ...rateLimitSettings(env.COMPAT_RATE_LIMIT, env.COMPAT_TRUST_PROXY),
    workers: workersSetting(env.COMPAT_WORKERS, 'COMPAT_WORKERS'),
    ...publicUrlSetting(env.COMPAT_PUBLIC_URL),
    ...cacheDirSetting(env),
    ...registrySetting(env),
    ...tiersSetting(env.COMPAT_TIERS_OFF),
  }
}

/**
 * COMPAT_TIERS_OFF: tiers switched off to measure what they buy (`npm run bench -- --tiers`),
 * comma-separated; unset, every tier is on. An unknown name is a start-up error.
 */
export function tiersSetting(text: string | undefined): Pick<ServerOptions, 'tiers'> {
  if (text === undefined || text === '') return {}
  const tiers = tiersWithout(text.split(',').map((name) => name.trim()))
  if ('unknown' in tiers) {
    throw new Error(
      `COMPAT_TIERS_OFF names tiers among ${Object.keys(TIER_NAMES).join(', ')}; got '${tiers.unknown}'`,
    )
  }
  return { tiers }
}

/** COMPAT_REGISTRY: `on` or `off` (the default); anything else is a start-up error. */
export function registrySetting(env: NodeJS.ProcessEnv): Pick<ServerOptions, 'registry'> {
  const setting = env.COMPAT_REGISTRY
  if (setting === undefined || setting === '' || setting === 'off') return {}
  if (setting === 'on') return { registry: { env: { ...env } } }
  throw new Error(`COMPAT_REGISTRY must be on or off, found '${setting}'`)
}

/**
 * COMPAT_PARSE_CACHE_DIR: a directory, or `off`; by default the user's cache directory (XDG), none
 * when the environment names no home. A directory that cannot be written only costs speed.
 */
export function cacheDirSetting(env: NodeJS.ProcessEnv): Pick<ServerOptions, 'cacheDir'> {
  const setting = env.COMPAT_PARSE_CACHE_DIR
  if (setting === 'off') return {}
  if (setting !== undefined && setting !== '') return { cacheDir: setting }
  // The XDG base directory rule: a relative XDG_CACHE_HOME is to be ignored.
  if (env.XDG_CACHE_HOME !== undefined && isAbsolute(env.XDG_CACHE_HOME)) {
    return { cacheDir: join(env.XDG_CACHE_HOME, 'compat') }
  }
  if (env.HOME !== undefined && isAbsolute(env.HOME)) {
    return { cacheDir: join(env.HOME, '.cache', 'compat') }
  }
  return {}
}

/** COMPAT_PUBLIC_URL: the site's address; a bad one is a start-up error. */
export function publicUrlSetting(text: string | undefined): Pick<ServerOptions, 'publicUrl'> {
  if (text === undefined || text === '') return {}
  const parsed = parsePublicUrl(text)
  if ('error' in parsed) throw new Error(parsed.error)
  return { publicUrl: parsed.url }
}

const MAX_WORKERS = 256

/** `COMPAT_WORKERS` / `--workers`: a whole number from 1, or `auto` for one per core. */
export function workersSetting(text: string | undefined, name: string): number {
  if (text === undefined || text === '') return 1
  if (text === 'auto') return availableParallelism()
  const count = Number(text)
  if (!/^\d{1,3}$/.test(text) || count < 1 || count > MAX_WORKERS) {
    throw new Error(
      `${name} must be a whole number from 1 to ${MAX_WORKERS}, or auto (one per core); got '${text}'`,
    )
  }
  return count
}

/** COMPAT_RATE_LIMIT (off when unset) and COMPAT_TRUST_PROXY; a bad value is a start-up error. */
export function rateLimitSettings(
  rateLimit: string | undefined,
  trustProxy: string | undefined,
): Pick<ServerOptions, 'rateLimit' | 'trustProxy'> {
  const settings: { rateLimit?: RateLimitSetting; trustProxy?: TrustedProxies } = {}
  if (rateLimit !== undefined && rateLimit !== '') {
    const parsed = parseRateLimit(rateLimit)
    if ('error' in parsed) throw new Error(parsed.error)
    settings.rateLimit = parsed
  }
  if (trustProxy !== undefined && trustProxy !== '') {
    const parsed = parseTrustedProxies(trustProxy)
    if ('error' in parsed) throw new Error(parsed.error)
    settings.trustProxy = parsed
  }
  return settings
}

/** Both files or neither: a certificate without its key (or the reverse) is a mistake. */
export function tlsSetting(
  certFile: string | undefined,
  keyFile: string | undefined,
): Pick<ServerOptions, 'tls'> {
  if ((certFile ?? '') === '' && (keyFile ?? '') === '') return {}
  if ((certFile ?? '') === '' || (keyFile ?? '') === '') {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither')
  }
  return { tls: { certFile: certFile as string, keyFile: keyFile as string } }
}

/** `exact` (the default) or `line`; anything else is a start-up error, never a silent default. */
export function versionLookupSetting(text: string | undefined): VersionLookup {
  if (text === undefined || text === '') return 'exact'
  const lookup = VERSION_LOOKUPS.find((candidate) => candidate === text)
  if (lookup === undefined) {
    throw new Error(`COMPAT_VERSION_LOOKUP must be exact or line, got '${text}'`)
  }
  return lookup
}

const MAX_PORT = 65_535

/** PORT: a port number from 0 (any free port) to 65535, as `compat serve --port` takes. */
export function portSetting(text: string | undefined): number {
  if (text === undefined || text === '') return 8080
  if (!/^\d+$/.test(text)) throw new Error(`PORT must be a whole number, got '${text}'`)
  const port = Number(text)
  if (port > MAX_PORT) {
    throw new Error(`PORT must be a port number from 0 to ${MAX_PORT}, got '${text}'`)
  }
  return port
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got '${text}'`)
  return Number(text)
}
