/**
 * A file posted to `POST /api/v1/readiness` (docs/api.md, "Readiness"), as the format the
 * request names (`?format=`), or told from its content (`auto`): UTF-8 text, read by that
 * format's reader into its npm and PyPI packages. A file of another format is refused by the
 * reader, naming what it lacks.
 */
import { parseStackJson } from '../stack-files/parse-stack-json.ts'
import { readCycloneDx } from '../stack-files/read-cyclonedx.ts'
import { readHelmList } from '../stack-files/read-helm-list.ts'
import { readKubectlVersion } from '../stack-files/read-kubectl-version.ts'
import { readRequirements } from '../stack-files/read-requirements.ts'
import { readSpdx } from '../stack-files/read-spdx.ts'
import { type ReadStackFile, refusedFile, type StackFileFormat } from '../stack-files/stack-file.ts'
import { utf8Text } from '../utf8-text.ts'
import { packagesOfFile, packagesOfStack, type ReadPackagesOfFile } from './packages-of-file.ts'
import type { PostedFormat } from './posted-formats.ts'

export type { PostedFormat }

// A lockfile format is read as the file its tool writes.
const LOCKFILE_NAMES: Partial<Record<PostedFormat, string>> = {
  'package-lock': 'package-lock.json',
  'pnpm-lock': 'pnpm-lock.yaml',
  'poetry-lock': 'poetry.lock',
  'uv-lock': 'uv.lock',
  pylock: 'pylock.toml',
}

/** @example readPostedFile(bytes, 'pnpm-lock').ok */
export function readPostedFile(bytes: Uint8Array, format: PostedFormat): ReadPackagesOfFile {
  const text = utf8Text(bytes)
  if (text === null) {
    return { ok: false, format: null, faults: [{ reason: 'is not UTF-8 text', location: '' }] }
  }
  if (format === 'auto') return packagesOfFile(text)
  const lockfileName = LOCKFILE_NAMES[format]
  if (lockfileName !== undefined) return packagesOfFile(text, lockfileName)
  const read = readStackFormat(text, format)
  return read.ok ? { ok: true, file: packagesOfStack(read.stack) } : read
}

function readStackFormat(text: string, format: PostedFormat): ReadStackFile {
  if (format === 'requirements') return readRequirements(text)
  const claimed: StackFileFormat =
    format === 'helm'
      ? 'helm-list'
      : format === 'kubectl'
        ? 'kubectl-version'
        : (format as StackFileFormat)
  const parsed = parseStackJson(text)
  if (!parsed.ok) return refusedFile(claimed, parsed.fault)
  switch (format) {
    case 'cyclonedx':
      return readCycloneDx(parsed.value)
    case 'spdx':
      return readSpdx(parsed.value)
    case 'helm':
      return readHelmList(parsed.value)
    default:
      return readKubectlVersion(parsed.value)
  }
}
