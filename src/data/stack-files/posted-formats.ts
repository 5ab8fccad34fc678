/**
 * How a file posted with `?format=` is read (docs/api.md, "Stacks from files"): its text, as
 * the named format's reader reads it, the format not guessed; `auto` tells it from the content.
 * A requirements file's includes are not followed: the server reads no other file.
 */
import { detectStackFile } from './detect-stack-file.ts'
import { parseStackJson } from './parse-stack-json.ts'
import type { PostedFormat } from './posted-format-names.ts'
import { readCycloneDx } from './read-cyclonedx.ts'
import { readHelmList } from './read-helm-list.ts'
import { readKubectlVersion } from './read-kubectl-version.ts'
import { readPackageLock } from './read-package-lock.ts'
import { readRequirements } from './read-requirements.ts'
import { readSpdx } from './read-spdx.ts'
import type { ReadStackFile, StackFileFormat } from './stack-file.ts'

type TextReader = (text: string) => ReadStackFile

/** How a posted format is read, and which format a file posted as it claims to be. */
export interface PostedFormatReader {
  /** The format the file claims by being posted as this one; null for `auto`. */
  readonly claims: StackFileFormat | null
  readonly read: TextReader
}

/** A JSON format's reader, after a strict parse whose syntax error is the file's fault. */
function json(format: StackFileFormat, read: (document: unknown) => ReadStackFile): TextReader {
  return (text) => {
    const parsed = parseStackJson(text)
    return parsed.ok ? read(parsed.value) : { ok: false, format, faults: [parsed.fault] }
  }
}

export const POSTED_FORMAT_READERS: Readonly<Record<PostedFormat, PostedFormatReader>> = {
  cyclonedx: { claims: 'cyclonedx', read: json('cyclonedx', readCycloneDx) },
  spdx: { claims: 'spdx', read: json('spdx', readSpdx) },
  'package-lock': { claims: 'package-lock', read: json('package-lock', readPackageLock) },
  requirements: { claims: 'requirements', read: (text) => readRequirements(text) },
  helm: { claims: 'helm-list', read: json('helm-list', readHelmList) },
  kubectl: { claims: 'kubectl-version', read: json('kubectl-version', readKubectlVersion) },
  auto: { claims: null, read: (text) => detectStackFile(text) },
}
