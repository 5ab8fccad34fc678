/**
 * The npm registry to read, as npm itself is configured: `npm_config_registry` (set by npm
 * for scripts it runs, or by the user), else what `npm config get registry` says (.npmrc files,
 * npm's own default). No registry address is written here.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { UpstreamError } from './fetch-upstream.ts'

let asked: Promise<string> | null = null

/** The registry's base address, without a trailing slash. */
export function npmRegistry(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = env.npm_config_registry ?? env.NPM_CONFIG_REGISTRY
  if (configured) return Promise.resolve(configured.replace(/\/+$/, ''))
  asked ??= askNpm()
  return asked
}

async function askNpm(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('npm', ['config', 'get', 'registry'], {
      timeout: 15_000,
      env: process.env,
    })
    const registry = stdout.trim()
    if (!/^https?:\/\//.test(registry)) throw new Error(`npm named '${registry}'`)
    return registry.replace(/\/+$/, '')
  } catch (error) {
    asked = null
    throw new UpstreamError(
      `cannot tell which npm registry to read (${(error as Error).message}); set npm_config_registry`,
    )
  }
}

/** The registry address of a package's document (`@scope/name` keeps its `@`, escapes `/`). */
export function packumentUrl(registry: string, name: string): string {
  return `${registry}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`
}
