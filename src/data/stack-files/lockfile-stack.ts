/**
 * A lockfile's packages as a stack: each name at one version (the one the root depends on
 * directly, else the highest; the others reported as duplicates), with its package URL, and
 * the entries the lockfile reader left out.
 */

import { normalizePypiName } from '../../core/names/normalize-pypi-name.ts'
import { packageUrlOfName } from '../../core/purl/package-url.ts'
import type { Lockfile, ReadLockfile } from '../lockfiles/lockfile.ts'
import { keepOneVersion } from './keep-one-version.ts'
import { FaultList, type ReadStackFile, type StackFile } from './stack-file.ts'

/** @example lockfileStack(lockfile).components[0] // { name: 'debug', version: '4.3.7', purl: 'pkg:npm/debug@4.3.7', location: … } */
export function lockfileStack(lockfile: Lockfile): StackFile {
  const candidates = lockfile.packages.map(({ name, version, location, direct }) => {
    const pypi = lockfile.ecosystem === 'pypi'
    const key = pypi ? normalizePypiName(name) : name
    const purl = packageUrlOfName(lockfile.ecosystem, key, version)
    return {
      key,
      component: { name, version, ...(purl === null ? {} : { purl }), location },
      direct,
    }
  })
  const rootDeclarations = lockfile.root?.declarations
  return {
    format: lockfile.format,
    ...keepOneVersion(candidates),
    leftOut: lockfile.leftOut,
    ...(rootDeclarations === undefined ? {} : { rootDeclarations }),
  }
}

/** A lockfile reader's answer as a stack reader's: its first 100 faults, and their count. */
export function readLockfileStack(read: ReadLockfile): ReadStackFile {
  if (read.ok) return { ok: true, stack: lockfileStack(read.lockfile) }
  const faults = new FaultList()
  for (const fault of read.faults) faults.push(fault)
  return faults.failure(read.format)
}
