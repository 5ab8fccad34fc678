/**
 * Can every package of a file take a target (docs/api.md, "Readiness")? Each package's
 * declared range for the target — from the file when it records one, else from the registry's
 * answer for its exact version — judged by the ecosystem's own rules; what blocks, where each
 * blocker could move, the intersection of every range, and for a runtime the newest release
 * line inside it. Pure: the file was read and the registry asked before.
 */
import type { LifecycleLineResult } from '../lifecycle/lifecycle-result.ts'
import { admittingReleases } from './admitting-releases.ts'
import type { Declarations, PublishedRelease, PublishedReleases } from './declarations.ts'
import { declaredRange } from './declared-range.ts'
import { type EcosystemRules, rulesOf } from './ecosystem-rules.ts'
import type {
  NewestAdmitted,
  ReadinessAnswer,
  ReadinessBlocker,
  ReadinessComponent,
} from './readiness-answer.ts'
import type { ReadinessTarget } from './readiness-target.ts'

/** A package of the file, of the target's ecosystem. */
export interface ReadinessPackage {
  readonly name: string
  readonly version: string
  readonly location: string
  /**
   * What the file records it declares; undefined when the file records nothing of the kind
   * (an SBOM, a requirements file, uv.lock), so that the registry is asked.
   */
  readonly declarations?: Declarations
}

export interface ReadinessInput {
  readonly target: ReadinessTarget
  readonly packages: readonly ReadinessPackage[]
  /** The registry's answers by package name; a name not in it was not asked. */
  readonly registry: ReadonlyMap<string, PublishedReleases>
  /**
   * No registry was read over the network (its answers, if any, came from the cache): nothing
   * is proposed to move to.
   */
  readonly offline: boolean
  readonly date: string
  /** For a runtime target: its catalogued release lines on `date`, newest first. */
  readonly lines: readonly LifecycleLineResult[]
}

export const OFFLINE_FAULT =
  'the file records nothing it declares, and the registry is not read offline'

/** @example evaluateReadiness({ target, packages, registry: new Map(), offline: true, date, lines: [] }).verdict */
export function evaluateReadiness(input: ReadinessInput): ReadinessAnswer {
  const { target } = input
  const rules = rulesOf(target.ecosystem)
  const components = input.packages.map((item) => judgePackage(item, input, rules))
  const blocking: ReadinessBlocker[] = []
  const blocked = new Set<string>()
  const ranges = new Set<string>()
  let silent = 0
  for (const [index, component] of components.entries()) {
    if (component.declared === null) {
      if (component.fault === undefined) silent += 1
      continue
    }
    if (component.admits !== null) ranges.add(component.declared)
    const key = `${component.name}@${component.version}`
    if (component.admits !== false || blocked.has(key)) continue
    blocked.add(key)
    const item = input.packages[index] as ReadinessPackage
    blocking.push({
      name: component.name,
      version: component.version,
      declared: component.declared,
      ...whereToMove(item, input, rules),
    })
  }
  const admittedRange = ranges.size === 0 ? null : rules.intersect([...ranges])
  return {
    target: { name: target.name, version: target.version, project: target.project },
    offline: input.offline,
    date: input.date,
    verdict: blocking.length > 0 ? 'blocked' : 'ready',
    components,
    blocking,
    silent,
    admittedRange,
    newestAdmitted:
      target.kind === 'runtime' ? newestAdmitted(input.lines, [...ranges], target, rules) : null,
  }
}

/**
 * The packages whose registry answer the question needs: those the file says nothing of, and
 * (unless offline, when nothing is proposed to move to) the blockers.
 */
export function packagesToAsk(
  target: ReadinessTarget,
  packages: readonly ReadinessPackage[],
  offline = false,
): ReadinessPackage[] {
  const rules = rulesOf(target.ecosystem)
  return packages.filter((item) => {
    if (!fileTells(item, target)) return true
    if (offline || item.declarations === undefined) return false
    const declared = declaredRange(item.declarations, target)
    if ('fault' in declared || declared.range === null) return false
    const judged = rules.judge(declared.range, target.judged)
    return 'admits' in judged && !judged.admits
  })
}

/**
 * Whether the file records what the package declares for this target: npm lockfiles record
 * engines and peers whole; a Python lockfile records `Requires-Python` at most, never the
 * `Requires-Dist` a package target is read from.
 */
function fileTells(item: ReadinessPackage, target: ReadinessTarget): boolean {
  const { declarations } = item
  if (declarations === undefined) return false
  if (target.ecosystem === 'npm') return true
  return target.kind === 'runtime'
    ? declarations.requiresPython !== undefined
    : declarations.requiresDist !== undefined && declarations.requiresDist !== null
}

function judgePackage(
  item: ReadinessPackage,
  input: ReadinessInput,
  rules: EcosystemRules,
): ReadinessComponent {
  const base = { name: item.name, version: item.version, location: item.location }
  const found = declarationsOf(item, input, rules)
  if ('fault' in found) return unjudged(base, found.fault)
  const declared = declaredRange(found.declarations, input.target)
  if ('fault' in declared) return unjudged(base, declared.fault)
  if (declared.range === null) return { ...base, declared: null, source: null, admits: null }
  const judged = rules.judge(declared.range, input.target.judged)
  if ('fault' in judged) return unjudged(base, judged.fault, declared.range)
  return { ...base, declared: declared.range, source: found.source, admits: judged.admits }
}

function unjudged(
  base: Pick<ReadinessComponent, 'name' | 'version' | 'location'>,
  fault: string,
  declared: string | null = null,
): ReadinessComponent {
  return { ...base, declared, source: null, admits: null, fault }
}

type FoundDeclarations =
  | { readonly declarations: Declarations; readonly source: 'file' | 'registry' }
  | { readonly fault: string }

function declarationsOf(
  item: ReadinessPackage,
  input: ReadinessInput,
  rules: EcosystemRules,
): FoundDeclarations {
  if (item.declarations !== undefined && fileTells(item, input.target)) {
    return { declarations: item.declarations, source: 'file' }
  }
  const answer = input.registry.get(item.name)
  if (answer === undefined) {
    return { fault: input.offline ? OFFLINE_FAULT : 'the registry was not asked' }
  }
  if ('unavailable' in answer) return { fault: answer.unavailable }
  const release = releaseOf(answer.releases, item.version, rules)
  if (release === undefined) {
    return { fault: `the registry lists no release ${item.version} of ${item.name}` }
  }
  if (release.declarations === null) {
    return { fault: `the registry's answer for ${item.name} ${item.version} was not read` }
  }
  return { declarations: release.declarations, source: 'registry' }
}

function releaseOf(
  releases: readonly PublishedRelease[],
  version: string,
  rules: EcosystemRules,
): PublishedRelease | undefined {
  return (
    releases.find((release) => release.version === version) ??
    (rules.isVersion(version)
      ? releases.find(
          (release) =>
            rules.isVersion(release.version) && rules.compare(release.version, version) === 0,
        )
      : undefined)
  )
}

function whereToMove(
  item: ReadinessPackage,
  input: ReadinessInput,
  rules: EcosystemRules,
): Pick<ReadinessBlocker, 'lowestAdmitting' | 'newestAdmitting'> {
  const answer = input.registry.get(item.name)
  if (input.offline || answer === undefined || 'unavailable' in answer) {
    return { lowestAdmitting: null, newestAdmitting: null }
  }
  return admittingReleases(answer.releases, item.version, input.target, rules)
}

/**
 * The newest released line whose newest release (or, unrecorded, its first) every range
 * admits: among them the newest supported or security-only one, else the newest.
 */
function newestAdmitted(
  lines: readonly LifecycleLineResult[],
  ranges: readonly string[],
  target: ReadinessTarget,
  rules: EcosystemRules,
): NewestAdmitted | null {
  let newest: LifecycleLineResult | null = null
  for (const line of lines) {
    if (line.status === 'unreleased') continue
    const release = releaseOfLine(line, target)
    const admitted = ranges.every((range) => {
      const judged = rules.judge(range, release)
      return 'admits' in judged && judged.admits
    })
    if (!admitted) continue
    newest ??= line
    if (line.status === 'supported' || line.status === 'security-only') {
      newest = line
      break
    }
  }
  if (newest === null) return null
  const { line, latest, status, supportUntil } = newest
  return { line, latest, status, supportUntil }
}

/** `24.11.1` as recorded; else the line's first release, written as the ecosystem reads it. */
function releaseOfLine(line: LifecycleLineResult, target: ReadinessTarget): string {
  if (line.latest !== null) return line.latest
  if (target.ecosystem === 'pypi') return line.line
  const parts = line.line.split('.')
  while (parts.length < 3) parts.push('0')
  return parts.join('.')
}
