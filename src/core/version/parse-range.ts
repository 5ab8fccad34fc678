/** Parses a documented range (see `grammar.md`); returns the reason when it is not one. */
import { rememberedByText } from '../remembered-by-text.ts'
import { compareVersions } from './compare-versions.ts'
import { parseVersion, type Version } from './parse-version.ts'

export type Operator = '>=' | '>' | '<=' | '<' | '=' | '!='

export interface Comparator {
  readonly operator: Operator
  readonly version: Version
  /** The bound as written, e.g. `<3.14`. */
  readonly text: string
}

export type Range =
  | { readonly kind: 'series'; readonly text: string; readonly version: Version }
  | {
      readonly kind: 'comparators'
      readonly text: string
      readonly comparators: readonly Comparator[]
    }

export type RangeParse = { readonly range: Range } | { readonly error: string }

const COMPARATOR_PATTERN = /^(>=|<=|!=|>|<|=)(.*)$/

// Data files repeat the same few ranges on thousands of entries; parsed ranges are immutable,
// so validation and compiling share one parse of each. Ranges are parsed while loading data,
// never per request, and the memory is bounded.
/**
 * @example parseRange('>=3.10 <3.14') // comparators
 * @example parseRange('16') // the 16.x series
 * @example parseRange('^1.2') // { error: "operator '^' is not supported; …" }
 */
export const parseRange: (text: string) => RangeParse = rememberedByText(parseUncached)

function parseUncached(text: string): RangeParse {
  if (text.trim() === '') return { error: 'a range must not be empty' }
  if (text.includes('||')) {
    return { error: "alternatives are separate items of 'ranges', not '||'" }
  }
  if (text.includes(',')) return { error: 'separate bounds with a single space, not a comma' }
  if (text !== text.trim() || /\s{2,}|[^\S ]/.test(text)) {
    return { error: 'separate bounds with single spaces, without leading or trailing space' }
  }
  const tokens = text.split(' ')
  if (tokens.length === 1 && !COMPARATOR_PATTERN.test(text)) {
    const version = parseRangeVersion(text)
    return typeof version === 'string'
      ? { error: version }
      : { range: { kind: 'series', text, version } }
  }
  const comparators: Comparator[] = []
  for (const token of tokens) {
    const match = COMPARATOR_PATTERN.exec(token)
    if (match === null) return { error: describeBadBound(token) }
    const [, operator, versionText] = match as unknown as [string, Operator, string]
    if (versionText === '') {
      return { error: `'${operator}' needs a version right after it, without a space` }
    }
    const version = parseRangeVersion(versionText)
    if (typeof version === 'string') return { error: version }
    comparators.push({ operator, version, text: token })
  }
  if (!isSatisfiable(comparators)) return { error: `no version can satisfy '${text}'` }
  return { range: { kind: 'comparators', text, comparators } }
}

function parseRangeVersion(text: string): Version | string {
  if (/^[~^<>=!]/.test(text)) {
    return `operator '${text[0]}' is not supported; write bounds with >=, >, <=, <, =, !=`
  }
  if (/(^|\.)[x*]($|\.)/i.test(text)) {
    return `wildcards are not supported in '${text}'; an exact version such as 3.11 means the whole series`
  }
  const version = parseVersion(text)
  if (version === null) return `'${text}' is not a version`
  if (version.flavor !== null || version.build !== null) {
    return `'${text}' carries a flavor or build suffix, which ranges cannot use`
  }
  return version
}

function describeBadBound(token: string): string {
  if (/^[~^]/.test(token)) {
    return `operator '${token[0]}' is not supported; write bounds with >=, >, <=, <, =, !=`
  }
  return `'${token}' is not a bound: a range is one version, or bounds each starting with >=, >, <=, <, = or !=`
}

/** One end of a range: a version, and whether the range holds it. */
export interface Bound {
  readonly version: Version
  readonly inclusive: boolean
}

/** False when the bounds leave no version at all (`>=3 <2`, `>3 <=3`, `=3 !=3`). */
function isSatisfiable(comparators: readonly Comparator[]): boolean {
  let lower: Bound | null = null
  let upper: Bound | null = null
  const excluded: Version[] = []
  for (const { operator, version } of comparators) {
    if (operator === '!=') {
      excluded.push(version)
      continue
    }
    if (operator === '>=' || operator === '>' || operator === '=') {
      const bound = { version, inclusive: operator !== '>' }
      if (lower === null || isTighterLower(bound, lower)) lower = bound
    }
    if (operator === '<=' || operator === '<' || operator === '=') {
      const bound = { version, inclusive: operator !== '<' }
      if (upper === null || isTighterUpper(bound, upper)) upper = bound
    }
  }
  if (lower === null || upper === null) return true
  const order = compareVersions(lower.version, upper.version)
  if (order > 0) return false
  if (order === 0) {
    const point = lower.version
    return (
      lower.inclusive &&
      upper.inclusive &&
      !excluded.some((version) => compareVersions(version, point) === 0)
    )
  }
  // Between V and its immediate successor (V.post0, or post N+1) no version exists.
  if (!lower.inclusive && !upper.inclusive) {
    const successor = {
      ...lower.version,
      post: lower.version.post === null ? 0n : lower.version.post + 1n,
    }
    return compareVersions(upper.version, successor) !== 0
  }
  return true
}

/** Whether `candidate` as a lower bound leaves fewer versions than `current`. */
export function isTighterLower(candidate: Bound, current: Bound): boolean {
  const order = compareVersions(candidate.version, current.version)
  return order > 0 || (order === 0 && !candidate.inclusive)
}

/** Whether `candidate` as an upper bound leaves fewer versions than `current`. */
export function isTighterUpper(candidate: Bound, current: Bound): boolean {
  const order = compareVersions(candidate.version, current.version)
  return order < 0 || (order === 0 && !candidate.inclusive)
}
