/**
 * A tool as a version manager names it (`.tool-versions`, `mise.toml`): its name for matching,
 * and a package URL when the name carries its ecosystem (mise's `npm:prettier`,
 * `pipx:black`). mise's `core:` prefix names its own plugins.
 */
import { packageUrlOfName } from '../../core/purl/package-url.ts'

export interface ToolName {
  readonly component: string
  readonly purl?: string
}

const PURL_TYPES: Readonly<Record<string, string>> = {
  npm: 'npm',
  pipx: 'pypi',
  pypi: 'pypi',
  cargo: 'cargo',
  gem: 'gem',
  go: 'golang',
}

/** @example toolName('npm:@biomejs/biome') // { component: '@biomejs/biome', purl: 'pkg:npm/%40biomejs/biome' } */
export function toolName(written: string): ToolName {
  const colon = written.indexOf(':')
  if (colon === -1) return { component: written }
  const backend = written.slice(0, colon).toLowerCase()
  const name = written.slice(colon + 1)
  if (backend === 'core') return { component: name }
  const type = PURL_TYPES[backend]
  if (type === undefined || name === '') return { component: name === '' ? written : name }
  const purl = packageUrlOfName(type, name)
  return purl === null ? { component: name } : { component: name, purl }
}
