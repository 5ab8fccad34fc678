/**
 * An npm package-lock.json of lockfileVersion 2 or 3 (npm 7 and later) as a stack: every
 * installed package of its `packages` map (src/data/lockfiles/read-npm-lockfile.ts). A name
 * installed at several versions keeps the copy the root's own dependencies resolve to
 * (`node_modules/NAME`, for a name the root lists); the nested copies are reported as
 * duplicates.
 */
import { readNpmLockfile } from '../lockfiles/read-npm-lockfile.ts'
import { readLockfileStack } from './lockfile-stack.ts'
import type { ReadStackFile } from './stack-file.ts'

/** @param document the parsed JSON of the file */
export function readPackageLock(document: unknown): ReadStackFile {
  return readLockfileStack(readNpmLockfile(document))
}
