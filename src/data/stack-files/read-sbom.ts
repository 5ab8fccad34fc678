/**
 * A file posted to the API, read as the format its content type or its `?format=` declares:
 * UTF-8 text, then that format's reader (docs/api.md, "Stacks from files"); a JSON document is
 * parsed strictly first. A document of another format is refused by the reader, naming the
 * field that tells. `auto`, and `any` (a file posted through the web page), tell the format
 * from the content, as the CLI does; a requirements file's includes are not followed.
 */

import type { PostedFormat } from '../readiness-inputs/posted-formats.ts'
import { utf8Text } from '../utf8-text.ts'
import { detectStackFile } from './detect-stack-file.ts'
import { POSTED_FORMAT_READERS } from './posted-format-readers.ts'
import { type ReadStackFile, refusedFile } from './stack-file.ts'

export type PostedFileFormat = PostedFormat | 'any'

/** @example readSbom(Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.6"}'), 'cyclonedx').ok // true */
export function readSbom(bytes: Uint8Array, format: PostedFileFormat): ReadStackFile {
  const text = utf8Text(bytes)
  if (text === null) {
    return refusedFile(format === 'any' ? null : POSTED_FORMAT_READERS[format].claims, {
      reason: 'is not UTF-8 text',
      location: '',
    })
  }
  return format === 'any' ? detectStackFile(text) : POSTED_FORMAT_READERS[format].read(text)
}
