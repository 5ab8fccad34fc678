/**
 * The files' texts from the stack page's form body (`application/x-www-form-urlencoded`, a
 * field `file` for each box: docs/web.md, "The stack page"), decoded as the WHATWG URL standard
 * decodes a form (`+` is a space, `%XX` a byte), then read as UTF-8, strictly: bytes that are
 * not UTF-8 are refused, never turned into U+FFFD and read as something else. Boxes left empty
 * are no file. One pass over the body; it runs in the file reader's worker thread, never on
 * the thread that answers.
 */
import { MAX_FORM_FILES, MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../api/request-limits.ts'
import { utf8Text } from '../data/utf8-text.ts'

/** The form field that carries the file's text (also the page's `STACK_FILE_FIELD`). */
export const FORM_FILE_FIELD = 'file'
/** The optional field "Can it take …?" (the page's `READINESS_FIELD`). */
export const FORM_TARGET_FIELD = 'target'

export type FormFile =
  /**
   * The first file's text, the others' (several files of one deployment: their stacks are
   * merged), their size together, and the target asked ('' for none).
   */
  | {
      readonly text: string
      readonly others: readonly string[]
      readonly bytes: number
      readonly target: string
    }
  | { readonly status: 400 | 413; readonly refused: string }

export const FORM_NOT_READ = 'The form could not be read; send it again from this page.'
export const FILE_TOO_LARGE = `The file is larger than ${MAX_SBOM_TEXT}, the most this page reads.`
export const FILES_TOO_LARGE = `The files are larger than ${MAX_SBOM_TEXT} together, the most this page reads.`
export const TOO_MANY_FILES = `The page reads at most ${MAX_FORM_FILES} files at once: those of one deployment.`

/** @example decodeFormFile(Buffer.from('file=flask%3D%3D3.0.3')) // { text: 'flask==3.0.3', bytes: 12, target: '' } */
export function decodeFormFile(body: Uint8Array): FormFile {
  const found: Uint8Array[] = []
  let target: Uint8Array | null = null
  let start = 0
  while (start <= body.length) {
    let end = body.indexOf(0x26 /* & */, start)
    if (end === -1) end = body.length
    // Looked for within the field only: a search to the body's end for every field would take
    // time growing with the square of a body of many fields.
    const equals = body.subarray(start, end).indexOf(0x3d /* = */)
    const nameEnd = equals === -1 ? end : start + equals
    const name = percentDecoded(body.subarray(start, nameEnd))
    const value = () => percentDecoded(body.subarray(Math.min(nameEnd + 1, end), end))
    if (sameBytes(name, FIELD_BYTES)) {
      // Past the most a form holds (its boxes, empty or not), the rest is not decoded.
      if (found.length === MAX_FORM_FILES) return { status: 400, refused: TOO_MANY_FILES }
      found.push(value())
    } else if (target === null && sameBytes(name, TARGET_BYTES)) {
      target = value()
    }
    start = end + 1
  }
  if (found.length === 0) return { status: 400, refused: FORM_NOT_READ }
  const texts: string[] = []
  let bytes = 0
  for (const field of found) {
    let text = utf8Text(field)
    if (text === null) {
      return {
        status: 400,
        refused:
          'The file is not UTF-8 text: this page reads text files (SBOMs, lockfiles, requirements), not binary ones.',
      }
    }
    // A form sends a text box's line breaks as CRLF: the file had its own, most likely LF.
    if (text.includes('\r\n')) text = text.split('\r\n').join('\n')
    if (text.trim() === '') continue
    texts.push(text)
    bytes += Buffer.byteLength(text)
  }
  const [text, ...others] = texts
  if (text === undefined) {
    return {
      status: 400,
      refused: 'The box was empty: paste the contents of a file, or choose one.',
    }
  }
  if (bytes > MAX_SBOM_BYTES) {
    return { status: 413, refused: others.length === 0 ? FILE_TOO_LARGE : FILES_TOO_LARGE }
  }
  // The target is a short field of the form: read as the browser sent it, leniently.
  return { text, others, bytes, target: target === null ? '' : new TextDecoder().decode(target) }
}

const FIELD_BYTES = new TextEncoder().encode(FORM_FILE_FIELD)
const TARGET_BYTES = new TextEncoder().encode(FORM_TARGET_FIELD)

/** `+` as a space and `%XX` as its byte; a `%` not followed by two hex digits stays. */
function percentDecoded(encoded: Uint8Array): Uint8Array {
  if (encoded.indexOf(0x25 /* % */) === -1 && encoded.indexOf(0x2b /* + */) === -1) return encoded
  const decoded = new Uint8Array(encoded.length)
  let length = 0
  for (let index = 0; index < encoded.length; index++) {
    const byte = encoded[index] as number
    if (byte === 0x2b) {
      decoded[length++] = 0x20
      continue
    }
    if (byte === 0x25) {
      const high = hexValue(encoded[index + 1])
      const low = hexValue(encoded[index + 2])
      if (high !== -1 && low !== -1) {
        decoded[length++] = high * 16 + low
        index += 2
        continue
      }
    }
    decoded[length++] = byte
  }
  return decoded.subarray(0, length)
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}
