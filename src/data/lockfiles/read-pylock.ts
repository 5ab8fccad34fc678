/**
 * A pylock.toml (PEP 751, `lock-version = "1.0"`): every `[[packages]]` entry, with its own
 * `requires-python` when the locker recorded it (uv's export does not: then only the registry
 * can tell). The file's top-level `requires-python` is the environment it was locked for, the
 * root's.
 */
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'
import type { LockedPackage, ReadLockfile } from './lockfile.ts'
import { parseToml } from './parse-toml.ts'
import { pythonLockEntries } from './python-lockfile-entries.ts'

/** @example readPylock("lock-version = '1.0'\n[[packages]]\nname = 'attrs'\nversion = '25.1.0'\nrequires-python = '>= 3.8'\n").ok // true */
export function readPylock(text: string): ReadLockfile {
  const parsed = parseToml(text)
  if (!parsed.ok) return { ok: false, format: 'pylock', faults: [parsed.fault] }
  const faults: StackFileFault[] = []
  const lockVersion = parsed.value['lock-version']
  if (typeof lockVersion !== 'string' || !/^1\.\d+$/.test(lockVersion)) {
    faults.push({
      reason: `must be "1.0" (PEP 751), found ${lockVersion === undefined ? 'nothing' : JSON.stringify(lockVersion)}`,
      location: '/lock-version',
    })
  }
  const leftOut: LeftOut[] = []
  const packages: LockedPackage[] = pythonLockEntries(
    parsed.value,
    'packages',
    text,
    faults,
    leftOut,
  ).map(({ name, version, entry, location, line }) => {
    const range = entry['requires-python']
    return {
      name,
      version,
      location,
      line,
      direct: false,
      ...(typeof range === 'string' ? { declarations: { requiresPython: range } } : {}),
    }
  })
  if (faults.length > 0) return { ok: false, format: 'pylock', faults }
  const requiresPython = parsed.value['requires-python']
  const root =
    typeof requiresPython === 'string'
      ? { declarations: { requiresPython }, location: '/requires-python', line: null }
      : null
  return { ok: true, lockfile: { format: 'pylock', ecosystem: 'pypi', root, packages, leftOut } }
}
