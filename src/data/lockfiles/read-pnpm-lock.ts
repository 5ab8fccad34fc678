/**
 * A pnpm-lock.yaml of lockfileVersion 9 (pnpm 9 and later): every package of its `packages`
 * map (`react@18.3.1`, `@types/node@22.10.2`), with the `engines`, `peerDependencies` and
 * `peerDependenciesMeta` pnpm records for each; the root project's direct dependencies from
 * `importers['.']`. Other workspace projects are importers, not packages.
 */
import { isMap, isScalar, LineCounter, parseDocument, type YAMLMap } from 'yaml'
import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from '../stack-files/describe-found.ts'
import type { StackFileFault } from '../stack-files/stack-file.ts'
import type { LockedPackage, ReadLockfile } from './lockfile.ts'
import { npmDeclarations } from './npm-declarations.ts'

const DIRECT_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const
// A lockfile has no use for aliases; a few are allowed, a "billion laughs" is not.
const MAX_ALIASES = 100

/** @example readPnpmLock("lockfileVersion: '9.0'\npackages:\n  ms@2.1.3:\n    resolution: {integrity: sha512-…}\n").ok // true */
export function readPnpmLock(text: string): ReadLockfile {
  const lines = new LineCounter()
  // The yaml package looks for a repeated key by walking the map's keys for every key: time
  // in the square of a map's size (16,000 packages took 10 s). pnpm writes each key once.
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false })
  if (document.errors.length > 0) {
    return fail(
      document.errors.slice(0, 1).map((error) => ({
        reason: `is not valid YAML: ${error.message.split('\n')[0]}`,
        location: `line ${error.linePos?.[0].line ?? 1}, column ${error.linePos?.[0].col ?? 1}`,
      })),
    )
  }
  const faults: StackFileFault[] = []
  let top: unknown
  try {
    top = document.toJS({ maxAliasCount: MAX_ALIASES })
  } catch (error) {
    return fail([{ reason: `cannot be read: ${(error as Error).message}`, location: '' }])
  }
  if (!isJsonObject(top)) {
    return fail([{ reason: `must be a YAML map, found ${describeFound(top)}`, location: '' }])
  }
  const version = top.lockfileVersion
  if (typeof version !== 'string' || !/^9\.\d+$/.test(version)) {
    faults.push({
      reason: `must be '9.0' (pnpm 9 and later), found ${describeFound(version)}`,
      location: '/lockfileVersion',
    })
  }
  const packages = top.packages ?? {}
  if (!isJsonObject(packages)) {
    faults.push({
      reason: `must be a map, found ${describeFound(packages)}`,
      location: '/packages',
    })
  }
  if (faults.length > 0 || !isJsonObject(packages)) return fail(faults)
  const direct = directNames(top.importers)
  const keyLines = lineOfKeys(document.get('packages', true), lines)
  const read: LockedPackage[] = []
  for (const [key, entry] of Object.entries(packages)) {
    const location = pointerTo('/packages', key)
    if (!isJsonObject(entry)) {
      faults.push({ reason: `must be a map, found ${describeFound(entry)}`, location })
      continue
    }
    const named = nameAndVersion(key, entry)
    if (named === null) {
      faults.push({ reason: 'is not NAME@VERSION', location })
      continue
    }
    read.push({
      ...named,
      location,
      line: keyLines.get(key) ?? null,
      direct: direct.has(named.name),
      declarations: npmDeclarations(entry),
    })
  }
  if (faults.length > 0) return fail(faults)
  return {
    ok: true,
    lockfile: { format: 'pnpm-lock', ecosystem: 'npm', root: null, packages: read, leftOut: [] },
  }
}

function fail(faults: readonly StackFileFault[]): ReadLockfile {
  return { ok: false, format: 'pnpm-lock', faults }
}

/** `@types/node@22.10.2` → `@types/node`, `22.10.2`; a `version` field (git, tarball) wins. */
function nameAndVersion(
  key: string,
  entry: JsonObject,
): { readonly name: string; readonly version: string } | null {
  const at = key.indexOf('@', 1)
  if (at <= 0 || at === key.length - 1) return null
  const written = entry.version
  return {
    name: key.slice(0, at),
    version: typeof written === 'string' && written !== '' ? written : key.slice(at + 1),
  }
}

/** The names the root project (`importers['.']`) depends on. */
function directNames(importers: unknown): ReadonlySet<string> {
  const names = new Set<string>()
  const root = isJsonObject(importers) ? importers['.'] : undefined
  if (!isJsonObject(root)) return names
  for (const field of DIRECT_FIELDS) {
    const dependencies = root[field]
    if (isJsonObject(dependencies)) for (const name of Object.keys(dependencies)) names.add(name)
  }
  return names
}

function lineOfKeys(map: unknown, lines: LineCounter): ReadonlyMap<string, number> {
  const found = new Map<string, number>()
  if (!isMap(map)) return found
  for (const pair of (map as YAMLMap).items) {
    const key = pair.key
    if (isScalar(key) && key.range !== undefined && key.range !== null) {
      found.set(String(key.value), lines.linePos(key.range[0]).line)
    }
  }
  return found
}
