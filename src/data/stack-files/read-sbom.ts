/**
 * An SBOM posted to the API, read as the format its content type declares: UTF-8 JSON,
 * parsed strictly, then read by that format's reader (docs/api.md, "Stacks from files"). A
 * document of another format is refused by the reader, naming the field that tells. A file
 * posted through the web page may be of any format compat reads (`any`): it is told from the
 * content, as the CLI tells it; a requirements file's includes are not followed.
 */
import { detectStackFile } from './detect-stack-file.ts'
import { parseStackJson } from './parse-stack-json.ts'
import { readCycloneDx } from './read-cyclonedx.ts'
import { readSpdx } from './read-spdx.ts'
import { type ReadStackFile, refusedFile } from './stack-file.ts'

export type PostedFileFormat = 'cyclonedx' | 'spdx' | 'any'

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/** @example readSbom(Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.6"}'), 'cyclonedx').ok // true */
export function readSbom(bytes: Uint8Array, format: PostedFileFormat): ReadStackFile {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return refusedFile(format === 'any' ? null : format, {
      reason: 'is not UTF-8 text',
      location: '',
    })
  }
  if (format === 'any') return detectStackFile(text)
  const parsed = parseStackJson(text)
  if (!parsed.ok) return refusedFile(format, parsed.fault)
  return format === 'cyclonedx' ? readCycloneDx(parsed.value) : readSpdx(parsed.value)
}
