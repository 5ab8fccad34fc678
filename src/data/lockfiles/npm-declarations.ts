import type { JsonObject } from '../../core/json/is-json-object.ts'
import type { Declarations } from '../../core/readiness/declarations.ts'

/**
 * What an npm lockfile entry records its package declares, as the package wrote it (npm and
 * pnpm copy `engines` and the peers from its package.json); nothing written, nothing declared.
 */
export function npmDeclarations(entry: JsonObject): Declarations {
  const { engines, peerDependencies, peerDependenciesMeta } = entry
  // Most entries declare nothing: one object for all of them (a tree has thousands).
  if (
    engines === undefined &&
    peerDependencies === undefined &&
    peerDependenciesMeta === undefined
  ) {
    return NOTHING
  }
  const declarations: {
    engines?: unknown
    peerDependencies?: unknown
    peerDependenciesMeta?: unknown
  } = {}
  if (engines !== undefined) declarations.engines = engines
  if (peerDependencies !== undefined) declarations.peerDependencies = peerDependencies
  if (peerDependenciesMeta !== undefined) declarations.peerDependenciesMeta = peerDependenciesMeta
  return declarations
}

const NOTHING: Declarations = Object.freeze({})
