/**
 * Ranges written in the npm style of other datasets (`^1.2`, `~1.2.3`, `1.x`, `1.2 - 1.4`,
 * `a || b`) rewritten in compat's grammar (docs/api.md, "Ranges"): alternatives become separate
 * ranges, each one a series or a comparator set. Anything that cannot be said exactly (a
 * label such as `19c`, a pre-release tag compat reads differently) is refused with a reason,
 * never approximated.
 */
import { parseRange } from '../../core/version/parse-range.ts'
import { parseVersion } from '../../core/version/parse-version.ts'

export type ConvertedRanges = { readonly ranges: string[] } | { readonly error: string }

interface Loose {
  /** Numeric parts as written, up to the first wildcard. */
  readonly parts: bigint[]
  /** Whether a wildcard (`x`, `X`, `*`) or nothing at all followed the last part. */
  readonly partial: boolean
  /** `-rc.1` and the like, without the dash; null for none. */
  readonly pre: string | null
}

const LOOSE_VERSION =
  /^v?((?:\d+|[xX*])(?:\.(?:\d+|[xX*]))*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/
const COMPARATOR = /^(>=|<=|>|<|=|\^|~>?)?\s*(.*)$/

/**
 * @example convertRange('^1.2') // { ranges: ['>=1.2 <2'] }
 * @example convertRange('10.6 || >=11.4 <11.5') // { ranges: ['10.6', '>=11.4 <11.5'] }
 * @example convertRange('19c') // { error: "'19c' is a label, not a version" }
 */
export function convertRange(text: string): ConvertedRanges {
  const ranges: string[] = []
  for (const alternative of text.split('||').map((part) => part.trim())) {
    const converted = convertAlternative(alternative)
    if (typeof converted !== 'string') return converted
    const parsed = parseRange(converted)
    if ('error' in parsed)
      return { error: `'${alternative}' becomes '${converted}': ${parsed.error}` }
    if (!ranges.includes(converted)) ranges.push(converted)
  }
  return { ranges }
}

function convertAlternative(alternative: string): string | { error: string } {
  if (alternative === '' || alternative === '*' || /^[xX]$/.test(alternative)) return '>=0'
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(alternative)
  if (hyphen !== null) {
    const low = readVersion(hyphen[1] as string)
    const high = readVersion(hyphen[2] as string)
    if ('error' in low) return low
    if ('error' in high) return high
    // npm: a partial upper end covers its whole series (`1.2 - 1.4` is `<1.5`).
    const upper = high.partial ? `<${next(high.parts)}` : `<=${text(high)}`
    return `>=${text(low)} ${upper}`
  }
  const tokens = alternative.replace(/(>=|<=|>|<|=|\^|~>?)\s+/g, '$1').split(/\s+/)
  if (tokens.length === 1) {
    const only = tokens[0] as string
    const match = COMPARATOR.exec(only) as RegExpExecArray
    if (match[1] === undefined) {
      const version = readVersion(only)
      if ('error' in version) return version
      // A bare version or x-range is a whole series, as in compat.
      return version.parts.length === 0 ? '>=0' : text(version)
    }
  }
  const bounds: string[] = []
  for (const token of tokens) {
    const converted = convertComparator(token)
    if (typeof converted !== 'string') return converted
    bounds.push(converted)
  }
  return bounds.join(' ')
}

function convertComparator(token: string): string | { error: string } {
  const [, operator = '', rest = ''] = COMPARATOR.exec(token) as RegExpExecArray
  const version = readVersion(rest)
  if ('error' in version) return version
  const { parts } = version
  if (parts.length === 0)
    return operator === '<' || operator === '>' ? { error: `'${token}' admits no version` } : '>=0'
  const written = text(version)
  switch (operator) {
    case '^': {
      // The first non-zero part may not change; a partial version counts its missing parts as zero.
      const fixed = parts.findIndex((part) => part !== 0n)
      const keep =
        fixed === -1 ? Math.max(parts.length, version.partial ? parts.length : 3) : fixed + 1
      return `>=${written} <${next(parts.slice(0, Math.min(keep, parts.length)))}`
    }
    case '~':
    case '~>':
      return `>=${written} <${next(parts.length === 1 ? parts : parts.slice(0, 2))}`
    case '':
    case '=':
      return version.partial ? `>=${written} <${next(parts)}` : `=${written}`
    case '>':
      return version.partial ? `>=${next(parts)}` : `>${written}`
    case '<=':
      return version.partial ? `<${next(parts)}` : `<=${written}`
    default:
      return `${operator}${written}`
  }
}

function readVersion(raw: string): Loose | { error: string } {
  const match = LOOSE_VERSION.exec(raw.trim())
  if (match === null) return { error: `'${raw}' is a label, not a version` }
  const [, dotted = '', pre] = match
  const parts: bigint[] = []
  let partial = false
  for (const part of dotted.split('.')) {
    if (/^[xX*]$/.test(part)) {
      partial = true
      break
    }
    parts.push(BigInt(part))
  }
  if (parts.length < 3) partial = true
  if (pre !== undefined) {
    // compat reads dev/alpha/beta/rc/pre/preview tags as pre-releases; npm's `-0` or `-foo`
    // would mean something else here (a post-release, a flavor), so they are refused.
    const read = parseVersion(`${parts.join('.')}-${pre}`)
    if (read === null || read.pre === null || read.post !== null || read.flavor !== null) {
      return { error: `'${raw}' has a pre-release tag compat cannot read the same way` }
    }
    if (partial) return { error: `'${raw}' is a partial version with a pre-release tag` }
  }
  return { parts, partial: partial && pre === undefined, pre: pre ?? null }
}

/** The version as compat writes it: numeric parts, then the pre-release tag. */
function text(version: Loose): string {
  const release = version.parts.join('.')
  return version.pre === null ? release : `${release}-${version.pre}`
}

/** The first version after a series: `1.2` → `1.3`, `1` → `2`. */
function next(parts: readonly bigint[]): string {
  const bumped = [...parts]
  bumped[bumped.length - 1] = (bumped[bumped.length - 1] ?? 0n) + 1n
  return bumped.join('.')
}
