/**
 * The npm registry to read, as npm itself is configured (src/registry/npm-config.ts):
 * `npm_config_registry`, the `.npmrc` files, else what `npm config get registry` says. No
 * registry address is written here.
 */
import { npmConfig } from './npm-config.ts'

/** The registry's base address, without a trailing slash. */
export async function npmRegistry(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { registry } = await npmConfig({ env })
  return registry.replace(/\/+$/, '')
}

/** The registry address of a package's document (`@scope/name` keeps its `@`, escapes `/`). */
export function packumentUrl(registry: string, name: string): string {
  return `${registry}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`
}
