/**
 * mise's `mise.toml` (and `.mise.toml`): the `[tools]` table, a tool to a version, a list of
 * versions, or a table with `version`. `prefix:20` pins the line 20; `latest`, `lts`, `ref:…`
 * and `path:…` name no version. Parsed by smol-toml, each tool's line found in the text.
 */
import { parse } from 'smol-toml'
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { pinnedVersion } from './pinned-version.ts'
import { tomlKeyLine } from './toml-key-line.ts'
import { toolName } from './tool-name.ts'

/** @example readMiseToml('[tools]\nnode = "20"\n', 'mise.toml', context).declarations[0]?.declared // { version: '20' } */
export const readMiseToml: RepositoryFileReader = (text, file) => {
  const read = parseToml(text)
  if ('fault' in read)
    return { declarations: [], faults: [{ file, line: read.line, reason: read.fault }] }
  const tools = read.value.tools
  if (!isTable(tools)) return { declarations: [], faults: [] }
  const declarations: Declaration[] = []
  for (const [tool, value] of Object.entries(tools)) {
    const versions = isTable(value) ? [value.version] : Array.isArray(value) ? value : [value]
    const line = tomlKeyLine(text, ['tools', tool])
    for (const version of versions) {
      if (typeof version !== 'string' && typeof version !== 'number') continue
      const written = String(version)
      declarations.push({
        ...toolName(tool),
        kind: 'mise',
        text: `${tool} = ${written}`,
        declared: pinnedVersion(written.replace(/^prefix:/, '')),
        location: { file, line },
      })
    }
  }
  return { declarations, faults: [] }
}

export type TomlTable = Record<string, unknown>

/** A TOML text's table, or why it is none (with the line smol-toml names). */
export function parseToml(
  text: string,
): { readonly value: TomlTable } | { readonly fault: string; readonly line: number | null } {
  try {
    return { value: parse(text) as TomlTable }
  } catch (error) {
    const line = (error as { line?: unknown }).line
    const message = (error as Error).message.split('\n')[0] ?? 'unreadable'
    return {
      fault: `is not valid TOML: ${message}`,
      line: typeof line === 'number' ? line : null,
    }
  }
}

export function isTable(value: unknown): value is TomlTable {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  )
}
