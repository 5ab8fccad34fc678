/**
 * How a file posted as a stack with `?format=` is read (docs/api.md, "Stacks from files"): its
 * text, as the named format's reader reads it, the format not guessed; `auto` tells it from the
 * content, as `compat stack --from` does. A requirements file's includes are not followed: the
 * server reads no other file. The names are `POSTED_FILE_FORMATS` (the formats readiness takes
 * too); each has its reader here.
 */

import { readLockfile } from '../lockfiles/read-lockfile.ts'
import type { PostedFormat } from '../readiness-inputs/posted-formats.ts'
import { detectStackFile } from './detect-stack-file.ts'
import { readLockfileStack } from './lockfile-stack.ts'
import { parseStackJson } from './parse-stack-json.ts'
import { readCycloneDx } from './read-cyclonedx.ts'
import { readHelmList } from './read-helm-list.ts'
import { readKubectlVersion } from './read-kubectl-version.ts'
import { readPackageLock } from './read-package-lock.ts'
import { readRequirements } from './read-requirements.ts'
import { readSpdx } from './read-spdx.ts'
import { type ReadStackFile, refusedFile, type StackFileFormat } from './stack-file.ts'

type TextReader = (text: string) => ReadStackFile

/** How a posted format is read, and which format a file posted as it claims to be. */
export interface PostedFormatReader {
  /** The format the file claims by being posted as this one; null for `auto`. */
  readonly claims: StackFileFormat | null
  readonly read: TextReader
}

/** A JSON format's reader, after a strict parse whose syntax error is the file's fault. */
function json(
  format: StackFileFormat,
  read: (document: unknown) => ReadStackFile,
): PostedFormatReader {
  return {
    claims: format,
    read: (text) => {
      const parsed = parseStackJson(text)
      return parsed.ok ? read(parsed.value) : refusedFile(format, parsed.fault)
    },
  }
}

/** A lockfile written as YAML or TOML, read as the file its tool writes. */
function lockfile(format: StackFileFormat, fileName: string): PostedFormatReader {
  return { claims: format, read: (text) => readLockfileStack(readLockfile(text, fileName)) }
}

export const POSTED_FORMAT_READERS: Readonly<Record<PostedFormat, PostedFormatReader>> = {
  auto: { claims: null, read: (text) => detectStackFile(text) },
  cyclonedx: json('cyclonedx', readCycloneDx),
  spdx: json('spdx', readSpdx),
  'package-lock': json('package-lock', readPackageLock),
  'pnpm-lock': lockfile('pnpm-lock', 'pnpm-lock.yaml'),
  'poetry-lock': lockfile('poetry-lock', 'poetry.lock'),
  'uv-lock': lockfile('uv-lock', 'uv.lock'),
  pylock: lockfile('pylock', 'pylock.toml'),
  requirements: { claims: 'requirements', read: (text) => readRequirements(text) },
  helm: json('helm-list', readHelmList),
  kubectl: json('kubectl-version', readKubectlVersion),
}
