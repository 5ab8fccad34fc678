/**
 * A uv.lock: every `[[package]]` from a registry, git, a URL or a path, at its version. uv
 * records one `requires-python`, the project's own (the root's); what each package declares is
 * not recorded, so only its registry can tell. The project itself (`source = { editable = "." }`
 * or `{ virtual = "." }`) is the root; other workspace members are left out.
 */
import { isJsonObject } from '../../core/json/is-json-object.ts'
import { normalizePypiName } from '../../core/names/normalize-pypi-name.ts'
import { ROOT_REASON } from '../stack-files/root-reason.ts'
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'
import type { LockedPackage, LockRoot, ReadLockfile } from './lockfile.ts'
import { parseToml } from './parse-toml.ts'
import { type PythonLockEntry, pythonLockEntries } from './python-lockfile-entries.ts'

/** @example readUvLock('version = 1\nrequires-python = ">=3.12"\n').ok // true */
export function readUvLock(text: string): ReadLockfile {
  const parsed = parseToml(text)
  if (!parsed.ok) return { ok: false, format: 'uv-lock', faults: [parsed.fault] }
  const faults: StackFileFault[] = []
  const leftOut: LeftOut[] = []
  const entries = pythonLockEntries(parsed.value, 'package', text, faults, leftOut)
  const requiresPython = parsed.value['requires-python']
  const rootEntry = entries.find((item) => localPath(item) === '.')
  const root: LockRoot | null =
    rootEntry === undefined && typeof requiresPython !== 'string'
      ? null
      : {
          ...(rootEntry === undefined ? {} : { name: rootEntry.name, version: rootEntry.version }),
          declarations: {
            requiresPython: typeof requiresPython === 'string' ? requiresPython : null,
          },
          location: rootEntry?.location ?? '/requires-python',
          line: rootEntry?.line ?? null,
        }
  const direct = new Set(dependencyNames(rootEntry))
  const packages: LockedPackage[] = []
  for (const item of entries) {
    const path = localPath(item)
    if (path !== null) {
      leftOut.push({
        name: item.name,
        reason:
          path === '.'
            ? ROOT_REASON
            : 'a project of the workspace itself, not an installed package',
        location: item.location,
      })
      continue
    }
    const { name, version, location, line } = item
    packages.push({ name, version, location, line, direct: direct.has(normalizePypiName(name)) })
  }
  if (faults.length > 0) return { ok: false, format: 'uv-lock', faults }
  return { ok: true, lockfile: { format: 'uv-lock', ecosystem: 'pypi', root, packages, leftOut } }
}

/** The folder of a project the workspace builds itself (`editable` or `virtual`), else null. */
function localPath({ entry }: PythonLockEntry): string | null {
  const source = entry.source
  if (!isJsonObject(source)) return null
  const path = source.editable ?? source.virtual
  return typeof path === 'string' ? path : null
}

function dependencyNames(root: PythonLockEntry | undefined): string[] {
  const dependencies = root?.entry.dependencies
  if (!Array.isArray(dependencies)) return []
  return dependencies.flatMap((item) =>
    isJsonObject(item) && typeof item.name === 'string' ? [normalizePypiName(item.name)] : [],
  )
}
