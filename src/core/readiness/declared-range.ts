/**
 * The range a package declares for a target: npm `engines.node` for Node.js,
 * `peerDependencies[NAME]` for a package (optional peers too: they bind when present); PyPI
 * `Requires-Python` for Python, the `Requires-Dist` entry naming NAME for a package.
 */
import { normalizePypiName } from '../names/normalize-pypi-name.ts'
import type { Declarations } from './declarations.ts'
import type { ReadinessTarget } from './readiness-target.ts'

export type DeclaredRange = { readonly range: string | null } | { readonly fault: string }

/**
 * `range: null` when the package declares nothing for the target.
 *
 * @example declaredRange({ engines: { node: '>=18' } }, nodejs24) // { range: '>=18' }
 */
export function declaredRange(declarations: Declarations, target: ReadinessTarget): DeclaredRange {
  if (target.ecosystem === 'npm') {
    return target.kind === 'runtime'
      ? fieldRange(declarations.engines, 'node', 'engines')
      : fieldRange(declarations.peerDependencies, target.packageName ?? '', 'peerDependencies')
  }
  if (target.kind === 'runtime') return { range: blankAsNull(declarations.requiresPython) }
  return { range: requiresDistRange(declarations.requiresDist ?? [], target.packageName ?? '') }
}

function fieldRange(map: unknown, key: string, field: string): DeclaredRange {
  if (map === undefined || map === null) return { range: null }
  if (typeof map !== 'object' || Array.isArray(map)) {
    return {
      fault: `its ${field} is ${Array.isArray(map) ? 'a list' : `a ${typeof map}`}, not an object of ranges`,
    }
  }
  if (!Object.hasOwn(map, key)) return { range: null }
  const value = (map as Record<string, unknown>)[key]
  if (typeof value !== 'string') return { fault: `its ${field}.${key} is not a string` }
  return { range: value.trim() }
}

function blankAsNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim()
  return trimmed === undefined || trimmed === '' ? null : trimmed
}

/**
 * The specifier of the first entry naming `name` whose marker asks for no extra (an extra's
 * requirement binds only when someone installs that extra).
 */
function requiresDistRange(entries: readonly string[], name: string): string | null {
  for (const entry of entries) {
    const requirement = readRequirement(entry)
    if (requirement === null || requirement.name !== name || requirement.forExtra) continue
    // A bare name (`numpy`) declares no range.
    return requirement.specifier === '' ? null : requirement.specifier
  }
  return null
}

interface Requirement {
  readonly name: string
  readonly specifier: string
  readonly forExtra: boolean
}

/** PEP 508 `name[extras] (specifier) ; marker`, enough of it to find the specifier. */
function readRequirement(entry: string): Requirement | null {
  const semicolon = entry.indexOf(';')
  const body = (semicolon === -1 ? entry : entry.slice(0, semicolon)).trim()
  const marker = semicolon === -1 ? '' : entry.slice(semicolon + 1)
  let end = 0
  while (end < body.length && /[A-Za-z0-9._-]/.test(body[end] as string)) end += 1
  if (end === 0) return null
  let rest = body.slice(end).trim()
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']')
    if (close === -1) return null
    rest = rest.slice(close + 1).trim()
  }
  // A direct reference (`name @ https://…`) declares no range.
  if (rest.startsWith('@')) return null
  if (rest.startsWith('(') && rest.endsWith(')')) rest = rest.slice(1, -1).trim()
  return {
    name: normalizePypiName(body.slice(0, end)),
    specifier: rest,
    forExtra: /\bextra\s*==/.test(marker),
  }
}
