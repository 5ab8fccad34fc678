/**
 * The intersection of PEP 440 specifier sets, written as one: a specifier set is already an
 * intersection of its clauses, so the clauses are joined, each once, with only the tightest
 * lower and upper bound kept and exclusions that fall outside those bounds left out
 * (`>=3.8, !=3.0.*` and `>=3.9, <4` → `>=3.9, <4`).
 */
import { comparePublicVersions, compareRelease } from './compare-python-versions.ts'
import type { PythonVersion } from './parse-python-version.ts'
import { parsePythonSpecifier, type SpecifierClause } from './python-specifier.ts'

interface Bound {
  readonly clause: SpecifierClause
  readonly version: PythonVersion
}

/**
 * Null when a specifier does not parse; `''` (any version) when there are no clauses.
 *
 * @example intersectPythonSpecifiers(['>=3.8, !=3.0.*', '>=3.9, <4']) // '>=3.9, <4'
 */
export function intersectPythonSpecifiers(specifiers: readonly string[]): string | null {
  let lower: Bound | null = null
  let upper: Bound | null = null
  const others = new Map<string, SpecifierClause>()
  for (const text of specifiers) {
    const parsed = parsePythonSpecifier(text)
    if ('error' in parsed) return null
    for (const clause of parsed.clauses) {
      const { operator, version } = clause
      if (version !== null && (operator === '>=' || operator === '>')) {
        lower = tighter(lower, { clause, version }, 1)
      } else if (version !== null && (operator === '<=' || operator === '<')) {
        upper = tighter(upper, { clause, version }, -1)
      } else {
        others.set(`${operator}${clause.text}`, clause)
      }
    }
  }
  const kept = [...others.values()].filter(
    (clause) => !(clause.operator === '!=' && outside(clause, lower, upper)),
  )
  return [lower?.clause, upper?.clause, ...kept]
    .filter((clause) => clause !== undefined)
    .map((clause) => `${clause.operator}${clause.text}`)
    .join(', ')
}

/** The bound that admits less: the higher lower bound (direction 1) or the lower upper bound. */
function tighter(current: Bound | null, candidate: Bound, direction: 1 | -1): Bound {
  if (current === null) return candidate
  const order = comparePublicVersions(candidate.version, current.version) * direction
  if (order !== 0) return order > 0 ? candidate : current
  // At the same version the exclusive bound admits less.
  return candidate.clause.operator.length === 1 ? candidate : current
}

/** An exclusion of versions that the bounds already leave out. */
function outside(clause: SpecifierClause, lower: Bound | null, upper: Bound | null): boolean {
  const version = clause.version as PythonVersion
  if (!clause.wildcard) {
    return (
      (lower !== null && comparePublicVersions(version, lower.version) < 0) ||
      (upper !== null && comparePublicVersions(version, upper.version) > 0)
    )
  }
  // `!=3.0.*` excludes [3.0, 3.1): outside when 3.1 is at or below the lower bound, or 3.0
  // above the upper one.
  const next = [...version.release]
  next[next.length - 1] = (next.at(-1) ?? 0) + 1
  return (
    (lower !== null &&
      version.epoch === lower.version.epoch &&
      compareRelease(next, lower.version.release) <= 0) ||
    (upper !== null && version.epoch === upper.version.epoch && beyond(version, upper))
  )
}

/** `!=3.13.*` beside `<3.13` or `<=3.12`: the whole series is above the bound. */
function beyond(version: PythonVersion, upper: Bound): boolean {
  const order = compareRelease(version.release, upper.version.release)
  return order > 0 || (order === 0 && upper.clause.operator === '<')
}
