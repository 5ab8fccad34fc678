/**
 * The `[[package]]` (or `[[packages]]`) tables of a Python lockfile, each with its name,
 * version and line: poetry.lock, uv.lock and pylock.toml all list their packages so. What a
 * reader takes of each entry beyond that is its own.
 */

import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from '../stack-files/describe-found.ts'
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'
import { headerLines } from './line-finder.ts'

export interface PythonLockEntry {
  readonly name: string
  readonly version: string
  readonly entry: JsonObject
  readonly location: string
  readonly line: number | null
}

/**
 * Entries that name a package at a version; an entry without a version is left out (pylock
 * allows one for a package built from source), one without a name is a fault.
 */
export function pythonLockEntries(
  document: JsonObject,
  field: 'package' | 'packages',
  text: string,
  faults: StackFileFault[],
  leftOut: LeftOut[],
): PythonLockEntry[] {
  const list = document[field] ?? []
  if (!Array.isArray(list)) {
    faults.push({
      reason: `must be a list of tables, found ${describeFound(list)}`,
      location: `/${field}`,
    })
    return []
  }
  // The i-th `[[package]]` header is the i-th entry; an inline array has no headers.
  const lines = headerLines(text, `[[${field}]]`)
  const lineOf = (index: number) => (lines.length === list.length ? (lines[index] ?? null) : null)
  const entries: PythonLockEntry[] = []
  for (const [index, entry] of list.entries()) {
    const location = pointerTo(`/${field}`, index)
    if (!isJsonObject(entry)) {
      faults.push({ reason: `must be a table, found ${describeFound(entry)}`, location })
      continue
    }
    const { name, version } = entry
    if (typeof name !== 'string' || name.trim() === '') {
      faults.push({
        reason: `must have a name, found ${describeFound(name)}`,
        location: `${location}/name`,
      })
      continue
    }
    if (typeof version !== 'string' || version.trim() === '') {
      leftOut.push({ name, reason: 'it has no version', location })
      continue
    }
    entries.push({ name, version, entry, location, line: lineOf(index) })
  }
  return entries
}
