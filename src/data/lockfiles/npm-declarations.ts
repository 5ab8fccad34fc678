import type { Declarations } from '../../core/readiness/declarations.ts'
import type { JsonObject } from '../stack-files/is-json-object.ts'

/**
 * What an npm lockfile entry records its package declares, as the package wrote it (npm and
 * pnpm copy `engines` and the peers from its package.json); nothing written, nothing declared.
 */
export function npmDeclarations(entry: JsonObject): Declarations {
  const { engines, peerDependencies, peerDependenciesMeta } = entry
  return {
    ...(engines === undefined ? {} : { engines }),
    ...(peerDependencies === undefined ? {} : { peerDependencies }),
    ...(peerDependenciesMeta === undefined ? {} : { peerDependenciesMeta }),
  }
}
