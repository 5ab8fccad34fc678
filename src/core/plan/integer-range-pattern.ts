/**
 * A regular expression (RE2-compatible: classes and alternation only) matching exactly the
 * decimal integers from `min` to `max` (inclusive; null: no upper bound), written without
 * leading zeros.
 *
 * @example integerRangePattern(3, 12) // '[3-9]|1[0-2]'
 * @example integerRangePattern(5, null) // '[5-9]|[1-9]\\d{1,}'
 */
export function integerRangePattern(min: number, max: number | null): string {
  const parts: string[] = []
  const upper = max ?? Number.POSITIVE_INFINITY
  if (upper < min) return '(?!)'.replace('(?!)', '[^\\s\\S]')
  // Numbers of each length, from min's length up to max's (or one more, then "longer").
  const minDigits = String(min).length
  const maxDigits = max === null ? minDigits : String(max).length
  for (let digits = minDigits; digits <= maxDigits; digits++) {
    const low = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1))
    const high = Math.min(upper, 10 ** digits - 1)
    if (low <= high) parts.push(...sameLength(String(low), String(high)))
  }
  if (max === null) parts.push(`[1-9]\\d{${maxDigits},}`)
  return parts.join('|')
}

/** Patterns for every number from `low` to `high`, both of the same length. */
function sameLength(low: string, high: string): string[] {
  if (low === high) return [low]
  if (low.length === 1) return [digitClass(low, high)]
  // The same first digit: keep it, and cover the rest.
  if (low[0] === high[0]) {
    return sameLength(low.slice(1), high.slice(1)).map((rest) => `${low[0]}${group(rest)}`)
  }
  const tail = low.length - 1
  const patterns: string[] = []
  let from = low
  // From low up to the end of its first digit's block (x99…9), when low is not x00…0.
  if (!/^.0+$/.test(from)) {
    const end = `${from[0]}${'9'.repeat(tail)}`
    patterns.push(...sameLength(from, end))
    from = String(Number(from[0]) + 1) + '0'.repeat(tail)
  }
  // Whole blocks of first digits, then from the last block's start up to high.
  const lastFull = /^.9+$/.test(high) ? Number(high[0]) : Number(high[0]) - 1
  if (Number(from[0]) <= lastFull) {
    patterns.push(`${digitClass(from[0] as string, String(lastFull))}\\d{${tail}}`)
  }
  if (!/^.9+$/.test(high)) {
    patterns.push(...sameLength(`${high[0]}${'0'.repeat(tail)}`, high))
  }
  return patterns
}

function digitClass(low: string, high: string): string {
  return low === high ? low : `[${low}-${high}]`
}

function group(pattern: string): string {
  return pattern.includes('|') ? `(?:${pattern})` : pattern
}
