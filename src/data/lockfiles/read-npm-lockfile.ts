/**
 * An npm package-lock.json or npm-shrinkwrap.json of lockfileVersion 2 or 3 (npm 7 and later):
 * every installed package of its `packages` map, with the `engines`, `peerDependencies` and
 * `peerDependenciesMeta` npm records for each (absent: the package declares none). Folders of
 * the project itself (workspaces) and links are left out, with why.
 */

import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { excerpt } from '../../core/text/excerpt.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from '../stack-files/describe-found.ts'
import { objectField, textField } from '../stack-files/json-fields.ts'
import { ROOT_REASON } from '../stack-files/root-reason.ts'
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'
import { LineFinder } from './line-finder.ts'
import type { LockedPackage, LockRoot, ReadLockfile } from './lockfile.ts'
import { npmDeclarations } from './npm-declarations.ts'

export const LOCKFILE_VERSIONS: readonly number[] = [2, 3]

const NODE_MODULES = 'node_modules/'

// Every kind of dependency the root declares is one it installs at the version it resolves to.
const ROOT_DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const

/**
 * @param document the parsed JSON of the file
 * @param text the file's text, for the line of each entry; without it lines are null
 */
export function readNpmLockfile(document: unknown, text?: string): ReadLockfile {
  const faults: StackFileFault[] = []
  if (!isJsonObject(document))
    return fail([{ reason: `must be an object, found ${describeFound(document)}`, location: '' }])
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

  const lines = text === undefined ? null : new LineFinder(text)
  lines?.next('"packages"', ':')
  const leftOut: LeftOut[] = []
  const root = readRoot(packages, faults, leftOut, lines)
  const read: LockedPackage[] = []
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '') continue
    const location = pointerTo('/packages', path)
    const line = lines?.next(JSON.stringify(path), ':') ?? null
    if (!isJsonObject(entry)) {
      faults.push({ reason: `must be a package object, found ${describeFound(entry)}`, location })
      continue
    }
    const found = readEntry(path, entry, { location, line }, root.direct, faults, leftOut)
    if (found !== undefined) read.push(found)
  }
  if (faults.length > 0) return fail(faults)
  return {
    ok: true,
    lockfile: {
      format: 'package-lock',
      ecosystem: 'npm',
      root: root.root,
      packages: read,
      leftOut,
    },
  }
}

function fail(faults: readonly StackFileFault[]): ReadLockfile {
  return { ok: false, format: 'package-lock', faults }
}

/** The root's entry and the names it depends on directly; the root is reported as left out. */
function readRoot(
  packages: JsonObject,
  faults: StackFileFault[],
  leftOut: LeftOut[],
  lines: LineFinder | null,
): { readonly root: LockRoot | null; readonly direct: ReadonlySet<string> } {
  const direct = new Set<string>()
  const entry = objectField(packages, '', '/packages', faults)
  if (entry === undefined) return { root: null, direct }
  const line = lines?.next('""', ':') ?? null
  const name = textField(entry, 'name', '/packages/', faults)
  const version = textField(entry, 'version', '/packages/', faults)
  leftOut.push({
    ...(name === undefined ? {} : { name }),
    reason: ROOT_REASON,
    location: '/packages/',
  })
  for (const field of ROOT_DEPENDENCY_FIELDS) {
    const names = objectField(entry, field, '/packages/', faults)
    for (const dependency of Object.keys(names ?? {})) direct.add(dependency)
  }
  const root: LockRoot = {
    ...(name === undefined ? {} : { name }),
    ...(version === undefined ? {} : { version }),
    declarations: npmDeclarations(entry),
    location: '/packages/',
    line,
  }
  return { root, direct }
}

function readEntry(
  path: string,
  entry: JsonObject,
  where: { readonly location: string; readonly line: number | null },
  direct: ReadonlySet<string>,
  faults: StackFileFault[],
  leftOut: LeftOut[],
): LockedPackage | undefined {
  const { location } = where
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
  return {
    name,
    version,
    ...where,
    direct: path === `${NODE_MODULES}${folder}` && direct.has(folder),
    declarations: npmDeclarations(entry),
  }
}
