/**
 * The file's text from the stack page's form body (`application/x-www-form-urlencoded`, one
 * field `file`: docs/web.md, "The stack page"), decoded as the WHATWG URL standard decodes a
 * form (`+` is a space, `%XX` a byte), then read as UTF-8, strictly: bytes that are not UTF-8
 * are refused, never turned into U+FFFD and read as something else. One pass over the body;
 * it runs in the file reader's worker thread, never on the thread that answers.
 */
import { MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../api/request-limits.ts'

/** The form field that carries the file's text (also the page's `STACK_FILE_FIELD`). */
export const FORM_FILE_FIELD = 'file'
/** The optional field "Can it take …?" (the page's `READINESS_FIELD`). */
export const FORM_TARGET_FIELD = 'target'

export type FormFile =
  /** The file's text and size, and the target asked of it ('' for none). */
  | { readonly text: string; readonly bytes: number; readonly target: string }
  | { readonly status: 400 | 413; readonly refused: string }

export const FORM_NOT_READ = 'The form could not be read; send it again from this page.'
export const FILE_TOO_LARGE = `The file is larger than ${MAX_SBOM_TEXT}, the most this page reads.`

const decoder = new TextDecoder('utf-8', { fatal: true })

/** @example decodeFormFile(Buffer.from('file=flask%3D%3D3.0.3')) // { text: 'flask==3.0.3', bytes: 12, target: '' } */
export function decodeFormFile(body: Uint8Array): FormFile {
  let found: Uint8Array | null = null
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
      if (found !== null) return { status: 400, refused: FORM_NOT_READ }
      found = value()
    } else if (target === null && sameBytes(name, TARGET_BYTES)) {
      target = value()
    }
    start = end + 1
  }
  if (found === null) return { status: 400, refused: FORM_NOT_READ }
  let text: string
  try {
    text = decoder.decode(found)
  } catch {
    return {
      status: 400,
      refused:
        'The file is not UTF-8 text: this page reads text files (SBOMs, lockfiles, requirements), not binary ones.',
    }
  }
  // A form sends a text box's line breaks as CRLF: the file had its own, most likely LF.
  if (text.includes('\r\n')) text = text.split('\r\n').join('\n')
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_SBOM_BYTES) return { status: 413, refused: FILE_TOO_LARGE }
  if (text.trim() === '') {
    return {
      status: 400,
      refused: 'The box was empty: paste the contents of a file, or choose one.',
    }
  }
  // The target is a short field of the form: read as the browser sent it, leniently.
  return { text, bytes, target: target === null ? '' : new TextDecoder().decode(target) }
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
