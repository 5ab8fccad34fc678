/**
 * Reads a stack file of any format this folder knows, telling the format from the content
 * (a file name says little: `sbom.json`, `bom.json`, `deps.txt`): JSON by the fields each
 * format requires, then requirements.txt by its syntax. A file that claims a format but breaks
 * it is refused with every fault located; a file that claims none is refused naming the
 * formats tried.
 */

import { isJsonObject } from '../../core/json/is-json-object.ts'
import { lockfileFormatOf, readLockfile } from '../lockfiles/read-lockfile.ts'
import { readLockfileStack } from './lockfile-stack.ts'
import { parseStackJson } from './parse-stack-json.ts'
import { readCycloneDx } from './read-cyclonedx.ts'
import { readHelmList } from './read-helm-list.ts'
import { readKubectlVersion } from './read-kubectl-version.ts'
import { readPackageLock } from './read-package-lock.ts'
import {
  type IncludeReader,
  readLines,
  readRequirements,
  unreadableLines,
} from './read-requirements.ts'
import { readSpdx } from './read-spdx.ts'
import { type ReadStackFile, refusedFile } from './stack-file.ts'
import type { WorkCounter } from './work-counter.ts'

export const FORMATS_TRIED =
  'CycloneDX JSON (1.4, 1.5, 1.6), SPDX 2.3 JSON, npm package-lock.json (lockfileVersion 2, 3), pnpm-lock.yaml (9), poetry.lock, uv.lock, pylock.toml, `helm list -o json`, `kubectl version -o json`, pip requirements.txt'

export interface DetectOptions {
  /** For requirements files: see readRequirements. */
  readonly readInclude?: IncludeReader
  /** Counts the steps of reading (tests hold them linear in the text). */
  readonly counter?: WorkCounter
}

/**
 * @param name the file's name, for locations in a requirements file; the format is not told by it
 * @example detectStackFile('{"bomFormat":"CycloneDX","specVersion":"1.6"}') // ok, format 'cyclonedx', no components
 */
export function detectStackFile(
  text: string,
  name?: string,
  options: DetectOptions = {},
): ReadStackFile {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  // A text file holds no NUL: this is an image, an archive, a database. Its bytes are not
  // quoted back.
  const nul = content.indexOf('\0')
  if (nul !== -1) return nothingFits(`it is binary, not text (a NUL byte at character ${nul + 1})`)
  const start = content.trimStart()[0]
  if (start === undefined) return nothingFits('it is empty')
  if (start === '{' || start === '[') {
    const parsed = parseStackJson(content)
    if (!parsed.ok) return refusedFile(null, parsed.fault)
    return readJson(parsed.value)
  }
  // The lockfiles that are YAML or TOML say so in their first lines.
  if (lockfileFormatOf(content) !== null) return readLockfileStack(readLockfile(content))
  const misgiven = misgivenText(content)
  if (misgiven !== null) return refusedFile(null, { reason: misgiven, location: '' })
  const { counter } = options
  // Each line read once: to tell the format, then as the stack.
  const read = readLines(content, counter)
  const [first] = read
  if (first === undefined) return nothingFits('it has only comments')
  const invalid = first.items.find((item) => item.kind === 'invalid')
  if (invalid !== undefined)
    return nothingFits(`read as requirements.txt, its line ${first.line.line} ${invalid.reason}`)
  // A README or a script may begin with a line that reads as a requirement; a requirements
  // file has few lines that read as nothing, if any.
  const unreadable = unreadableLines(read)
  const lines = read
  if (unreadable * 2 > lines.length)
    return nothingFits(
      `read as requirements.txt, ${unreadable} of its ${lines.length} lines are neither a requirement nor an option`,
    )
  return readRequirements(content, {
    ...(name === undefined ? {} : { name }),
    ...(options.readInclude === undefined ? {} : { readInclude: options.readInclude }),
    ...(counter === undefined ? {} : { counter }),
    read,
  })
}

/**
 * The format a parsed JSON document claims by the fields each format requires; null when it
 * claims none. It says nothing of whether the document follows that format.
 *
 * @example jsonStackFileFormat({ bomFormat: 'CycloneDX' }) // 'cyclonedx'
 */
export function jsonStackFileFormat(value: unknown): JsonStackFileFormat | null {
  if (Array.isArray(value)) {
    // `helm list -o json` prints [] when nothing is installed.
    const releases =
      value.length === 0 ||
      value.some((item) => isJsonObject(item) && ('chart' in item || 'app_version' in item))
    return releases ? 'helm-list' : null
  }
  if (!isJsonObject(value)) return null
  if ('bomFormat' in value || ('specVersion' in value && 'components' in value)) return 'cyclonedx'
  if ('spdxVersion' in value || 'SPDXID' in value || 'documentNamespace' in value) return 'spdx'
  if ('lockfileVersion' in value) return 'package-lock'
  if ('serverVersion' in value || 'clientVersion' in value) return 'kubectl-version'
  return null
}

/** The formats written as JSON, told apart by their fields. */
type JsonStackFileFormat = 'cyclonedx' | 'spdx' | 'package-lock' | 'helm-list' | 'kubectl-version'

const JSON_READERS: Readonly<Record<JsonStackFileFormat, (value: unknown) => ReadStackFile>> = {
  cyclonedx: readCycloneDx,
  spdx: readSpdx,
  'package-lock': readPackageLock,
  'helm-list': readHelmList,
  'kubectl-version': readKubectlVersion,
}

function readJson(value: unknown): ReadStackFile {
  const format = jsonStackFileFormat(value)
  if (format !== null) return JSON_READERS[format](value)
  if (Array.isArray(value)) return nothingFits('it is a JSON list, but not of releases')
  if (!isJsonObject(value)) return nothingFits('it is JSON, but neither an object nor a list')
  return nothingFits('it is a JSON object with none of the fields that tell these formats apart')
}

/**
 * Text that is none of the formats, but plainly the output or file next to one: what to give
 * instead. Null for anything else.
 */
function misgivenText(content: string): string | null {
  if (/^\s*NAME\s+NAMESPACE\s+REVISION\b/.test(content)) {
    return 'is the table helm list prints, not its JSON: give the output of helm list -o json instead (with --all-namespaces for the whole cluster)'
  }
  if (/^(?:Client|Server) Version: /m.test(content)) {
    return 'is what kubectl version prints as text: give the output of kubectl version -o json instead'
  }
  if (/^components:/m.test(content)) {
    return 'is a compat stack file, which names the stack itself: give it as the stack file (compat stack FILE, compat plan FILE), not as a file to derive a stack from'
  }
  return null
}

function nothingFits(why: string): ReadStackFile {
  return refusedFile(null, {
    reason: `is not a stack file compat reads (${FORMATS_TRIED}): ${why}`,
    location: '',
  })
}
