/**
 * An npm package-lock.json of lockfileVersion 2 or 3 (npm 7 and later) as a stack: every
 * installed package of its `packages` map. A name installed at several versions keeps the
 * copy the root's own dependencies resolve to (`node_modules/NAME`, for a name the root lists);
 * the nested copies are reported as duplicates.
 */
import { excerpt } from '../../core/text/excerpt.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { isJsonObject, type JsonObject } from './is-json-object.ts'
import { objectField, textField } from './json-fields.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { packageUrl } from './package-url.ts'
import { ROOT_REASON } from './root-reason.ts'
import { FaultList, type LeftOut, type ReadStackFile, refusedFile } from './stack-file.ts'

export const LOCKFILE_VERSIONS: readonly number[] = [2, 3]

const NODE_MODULES = 'node_modules/'

// Every kind of dependency the root declares is one it installs at the version it resolves to.
const ROOT_DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const

/** @param document the parsed JSON of the file */
export function readPackageLock(document: unknown): ReadStackFile {
  const faults = new FaultList()
  if (!isJsonObject(document))
    return refusedFile('package-lock', {
      reason: `must be an object, found ${describeFound(document)}`,
      location: '',
    })
  const version = document.lockfileVersion
  if (version === undefined) faults.push({ reason: 'is missing', location: '/lockfileVersion' })
  else if (version === 1)
    faults.push({
      reason:
        'lockfileVersion 1 (npm 6) has no "packages" map: this reader reads versions 2 and 3, which npm 7 and later write',
      location: '/lockfileVersion',
    })
  else if (typeof version !== 'number' || !LOCKFILE_VERSIONS.includes(version))
    faults.push({
      reason: `must be 2 or 3, found ${describeFound(version)}`,
      location: '/lockfileVersion',
    })
  const packages = objectField(document, 'packages', '', faults, { required: true })
  if (packages === undefined) return fail(faults)

  const leftOut: LeftOut[] = []
  const direct = readRoot(packages, faults, leftOut)
  const candidates: VersionCandidate[] = []
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '') continue
    const location = pointerTo('/packages', path)
    if (!isJsonObject(entry)) {
      faults.push({ reason: `must be a package object, found ${describeFound(entry)}`, location })
      continue
    }
    const candidate = readEntry(path, entry, location, direct, faults, leftOut)
    if (candidate !== undefined) candidates.push(candidate)
  }
  if (faults.length > 0) return fail(faults)
  return { ok: true, stack: { format: 'package-lock', ...keepOneVersion(candidates), leftOut } }
}

function fail(faults: FaultList): ReadStackFile {
  return faults.failure('package-lock')
}

/** The names the root depends on directly; the root itself is reported as left out. */
function readRoot(packages: JsonObject, faults: FaultList, leftOut: LeftOut[]) {
  const direct = new Set<string>()
  const root = objectField(packages, '', '/packages', faults)
  if (root === undefined) return direct
  const name = textField(root, 'name', '/packages/', faults)
  leftOut.push({
    ...(name === undefined ? {} : { name }),
    reason: ROOT_REASON,
    location: '/packages/',
  })
  for (const field of ROOT_DEPENDENCY_FIELDS) {
    const names = objectField(root, field, '/packages/', faults)
    for (const dependency of Object.keys(names ?? {})) direct.add(dependency)
  }
  return direct
}

function readEntry(
  path: string,
  entry: JsonObject,
  location: string,
  direct: ReadonlySet<string>,
  faults: FaultList,
  leftOut: LeftOut[],
): VersionCandidate | undefined {
  const cut = path.lastIndexOf(NODE_MODULES)
  const folder = cut === -1 ? undefined : path.slice(cut + NODE_MODULES.length)
  // An alias (`"my-ms": "npm:ms@2.1.3"`) installs ms in node_modules/my-ms and says so in `name`.
  const realName = textField(entry, 'name', location, faults)
  const version = textField(entry, 'version', location, faults)
  const resolved = textField(entry, 'resolved', location, faults)
  const name = realName ?? folder
  if (folder === undefined) {
    leftOut.push({
      ...(name === undefined ? {} : { name }),
      reason: 'a folder of the project itself (a workspace), not an installed package',
      location,
    })
    return undefined
  }
  if (folder === '' || name === undefined || name === '') {
    faults.push({ reason: 'names no package after "node_modules/"', location })
    return undefined
  }
  if (entry.link === true) {
    leftOut.push({
      name,
      reason: `a link to ${resolved === undefined ? 'a local folder' : excerpt(resolved)}, which the lockfile lists on its own`,
      location,
    })
    return undefined
  }
  if (version === undefined || version.trim() === '') {
    leftOut.push({ name, reason: 'it has no version', location })
    return undefined
  }
  const scoped = name.startsWith('@') ? name.indexOf('/') : -1
  const purl = packageUrl({
    type: 'npm',
    ...(scoped === -1
      ? { name }
      : { namespace: name.slice(0, scoped), name: name.slice(scoped + 1) }),
    version,
  })
  return {
    key: name,
    component: { name, version, purl, location },
    direct: path === `${NODE_MODULES}${folder}` && direct.has(folder),
  }
}
