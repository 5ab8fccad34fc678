/**
 * Small byte strings kept for a long time, copied into large slabs of their own. Node's shared
 * pool would do the same, but one kept fragment there pins a slab otherwise filled by
 * short-lived buffers; here a slab holds only fragments, made at about the same time and let
 * go together.
 */
const SLAB_BYTES = 64 * 1024

export class ByteArena {
  #slab = Buffer.allocUnsafeSlow(SLAB_BYTES)
  #used = 0

  /** The UTF-8 bytes of `text`, whose UTF-8 length is `byteLength`. */
  bytesOf(text: string, byteLength: number): Buffer {
    if (byteLength > SLAB_BYTES / 4) return Buffer.from(text)
    if (this.#used + byteLength > SLAB_BYTES) {
      this.#slab = Buffer.allocUnsafeSlow(SLAB_BYTES)
      this.#used = 0
    }
    const start = this.#used
    // ASCII is its own Latin-1 encoding, copied without the UTF-8 encoder's checks.
    this.#used += this.#slab.write(
      text,
      start,
      byteLength,
      byteLength === text.length ? 'latin1' : 'utf8',
    )
    return this.#slab.subarray(start, this.#used)
  }
}
