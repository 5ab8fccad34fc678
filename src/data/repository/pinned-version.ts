/**
 * A version a tool's file pins (`.nvmrc`, `.tool-versions`, a setup action's `node-version`):
 * a version when the text is one, a trailing `.x` or `.*` read as the line (`20.x` → 20),
 * else no version, with why (`lts/iron`, `latest`, `system`).
 */
import type { Declared } from '../../core/scan/scan-declaration.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { tooLong } from './clip-text.ts'

/** @example pinnedVersion('20.x') // { version: '20' } */
export function pinnedVersion(text: string): Declared {
  const trimmed = text.trim()
  const long = tooLong(trimmed)
  if (long !== null) return { unknown: long }
  let version = trimmed
  while (
    version.length >= 2 &&
    version[version.length - 2] === '.' &&
    'xX*'.includes(version.at(-1) as string)
  ) {
    version = version.slice(0, -2)
  }
  if (version === '' || parseVersion(version) === null) {
    return { unknown: `'${trimmed}' names no version` }
  }
  return { version }
}
