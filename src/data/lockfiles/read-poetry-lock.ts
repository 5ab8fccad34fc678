/**
 * A poetry.lock (Poetry 1 and 2): every `[[package]]` with its `python-versions`, the
 * `Requires-Python` Poetry copies from the package (`*`: it declares none). The
 * project itself is not among the packages.
 */
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'
import type { LockedPackage, ReadLockfile } from './lockfile.ts'
import { parseToml } from './parse-toml.ts'
import { pythonLockEntries } from './python-lockfile-entries.ts'

/** @example readPoetryLock('[[package]]\nname = "click"\nversion = "8.1.7"\npython-versions = ">=3.7"\n').ok // true */
export function readPoetryLock(text: string): ReadLockfile {
  const parsed = parseToml(text)
  if (!parsed.ok) return { ok: false, format: 'poetry-lock', faults: [parsed.fault] }
  const faults: StackFileFault[] = []
  const leftOut: LeftOut[] = []
  const packages: LockedPackage[] = pythonLockEntries(
    parsed.value,
    'package',
    text,
    faults,
    leftOut,
  ).map(({ name, version, entry, location, line }) => {
    const range = entry['python-versions']
    return {
      name,
      version,
      location,
      line,
      // The lockfile does not tell which packages the project names itself.
      direct: false,
      declarations: {
        requiresPython: typeof range === 'string' && range.trim() !== '*' ? range : null,
      },
    }
  })
  if (faults.length > 0) return { ok: false, format: 'poetry-lock', faults }
  return {
    ok: true,
    lockfile: { format: 'poetry-lock', ecosystem: 'pypi', root: null, packages, leftOut },
  }
}
