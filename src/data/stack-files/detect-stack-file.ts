/**
 * Reads a stack file of any format this folder knows, telling the format from the content
 * (a file name says little: `sbom.json`, `bom.json`, `deps.txt`): JSON by the fields each
 * format requires, then requirements.txt by its syntax. A file that claims a format but breaks
 * it is refused with every fault located; a file that claims none is refused naming the
 * formats tried.
 */
import { lockfileFormatOf, readLockfile } from '../lockfiles/read-lockfile.ts'
import { isJsonObject } from './is-json-object.ts'
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

function readJson(value: unknown): ReadStackFile {
  if (Array.isArray(value)) {
    // `helm list -o json` prints [] when nothing is installed.
    const releases =
      value.length === 0 ||
      value.some((item) => isJsonObject(item) && ('chart' in item || 'app_version' in item))
    return releases ? readHelmList(value) : nothingFits('it is a JSON list, but not of releases')
  }
  if (!isJsonObject(value)) return nothingFits('it is JSON, but neither an object nor a list')
  if ('bomFormat' in value || ('specVersion' in value && 'components' in value))
    return readCycloneDx(value)
  if ('spdxVersion' in value || 'SPDXID' in value || 'documentNamespace' in value)
    return readSpdx(value)
  if ('lockfileVersion' in value) return readPackageLock(value)
  if ('serverVersion' in value || 'clientVersion' in value) return readKubectlVersion(value)
  return nothingFits('it is a JSON object with none of the fields that tell these formats apart')
}

function nothingFits(why: string): ReadStackFile {
  return refusedFile(null, {
    reason: `is not a stack file compat reads (${FORMATS_TRIED}): ${why}`,
    location: '',
  })
}
