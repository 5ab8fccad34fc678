/**
 * The npm registry settings as npm itself would use them (docs/operations.md, "Registries"):
 * `npm_config_*` environment variables first, then the project's `.npmrc` (beside the nearest
 * package.json above the file read), the user's (`~/.npmrc` or `npm_config_userconfig`), the
 * global one (`npm_config_globalconfig`, or `PREFIX/etc/npmrc`); when none of them names a
 * registry, what `npm config get registry` says (npm's built-in default). Only what reaching
 * the registry takes is kept: `registry`, `@scope:registry`, and the `//host/:…` credentials.
 * No registry address is written here.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { UpstreamError } from './fetch-upstream.ts'
import { readNpmrc } from './read-npmrc.ts'

export interface NpmConfig {
  /** The registry's base address, with a trailing slash as npm writes it. */
  readonly registry: string
  /** `registry`, `@scope:registry` and `//host/path/:_authToken`-style keys, as npm's fetch reads them. */
  readonly settings: Readonly<Record<string, string>>
}

export interface NpmConfigPlace {
  readonly env: Readonly<Record<string, string | undefined>>
  /** Where the project's `.npmrc` is looked for, upwards to the nearest package.json. */
  readonly projectDir?: string
}

let askedNpm: Promise<string> | null = null

/** @example (await npmConfig({ env: process.env, projectDir: '.' })).registry */
export async function npmConfig({ env, projectDir }: NpmConfigPlace): Promise<NpmConfig> {
  const files = [
    globalConfigFile(env),
    userConfigFile(env),
    projectDir === undefined ? undefined : join(projectRoot(projectDir), '.npmrc'),
  ]
  const settings: Record<string, string> = Object.create(null)
  for (const file of files) {
    if (file === undefined || !existsSync(file)) continue
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    Object.assign(settings, kept(readNpmrc(text, env)))
  }
  Object.assign(settings, kept(fromEnvironment(env)))
  const registry = settings.registry ?? (await askNpm(env))
  settings.registry = withSlash(registry)
  return { registry: settings.registry, settings }
}

function kept(settings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).filter(
      ([key]) => key === 'registry' || key.startsWith('//') || /^@[^:]+:registry$/.test(key),
    ),
  )
}

/** `npm_config_registry`, `NPM_CONFIG_@ORG:REGISTRY`, …: npm reads them case-insensitively. */
function fromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const settings: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '' || !/^npm_config_/i.test(name)) continue
    const key = name.slice('npm_config_'.length)
    settings[key.startsWith('//') ? key : key.toLowerCase()] = value
  }
  return settings
}

function userConfigFile(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const named = env.npm_config_userconfig ?? env.NPM_CONFIG_USERCONFIG
  if (named) return named
  const home = env.HOME ?? env.USERPROFILE
  return home ? join(home, '.npmrc') : undefined
}

function globalConfigFile(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const named = env.npm_config_globalconfig ?? env.NPM_CONFIG_GLOBALCONFIG
  if (named) return named
  const prefix = env.npm_config_prefix ?? env.NPM_CONFIG_PREFIX ?? env.PREFIX
  return prefix ? join(prefix, 'etc', 'npmrc') : undefined
}

/** The nearest folder at or above `dir` with a package.json (npm's project), else `dir`. */
function projectRoot(dir: string): string {
  let current = resolve(dir)
  for (;;) {
    if (existsSync(join(current, 'package.json'))) return current
    const parent = dirname(current)
    if (parent === current) return resolve(dir)
    current = parent
  }
}

function withSlash(registry: string): string {
  return registry.endsWith('/') ? registry : `${registry}/`
}

/** npm's own answer, once a process: its built-in default when no file names a registry. */
function askNpm(env: Readonly<Record<string, string | undefined>>): Promise<string> {
  askedNpm ??= (async () => {
    try {
      const { stdout } = await promisify(execFile)('npm', ['config', 'get', 'registry'], {
        timeout: 15_000,
        env: env as NodeJS.ProcessEnv,
      })
      const registry = stdout.trim()
      if (!/^https?:\/\//.test(registry)) throw new Error(`npm named '${registry}'`)
      return registry
    } catch (error) {
      askedNpm = null
      throw new UpstreamError(
        `cannot tell which npm registry to read (${(error as Error).message}); set npm_config_registry or registry in .npmrc`,
      )
    }
  })()
  return askedNpm
}
