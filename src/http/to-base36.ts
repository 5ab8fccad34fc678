/**
 * An unsigned 32-bit integer in base 36, as `Number.prototype.toString(36)` writes it (the
 * division is exact in that range). The engine's radix conversion takes the general path for
 * doubles, a floating-point modulo per digit: most of what a new check's ETag cost.
 */
export function toBase36(value: number): string {
  let text = ''
  let rest = value
  do {
    const quotient = Math.floor(rest / 36)
    text = DIGITS[rest - quotient * 36] + text
    rest = quotient
  } while (rest > 0)
  return text
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz'
