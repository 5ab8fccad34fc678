import type { Declarations } from '../../core/readiness/declarations.ts'
import type { JsonObject } from '../stack-files/is-json-object.ts'

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
