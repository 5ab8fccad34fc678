const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * A file's text, a leading byte order mark dropped; null when its bytes are not UTF-8 (a binary
 * file, which a reader names but never shows).
 *
 * @example utf8Text(Buffer.from('flask==3.0.3')) // 'flask==3.0.3'
 */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes)
  } catch {
    return null
  }
}
