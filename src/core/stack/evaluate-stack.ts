/**
 * Is a whole stack documented compatible with itself (docs/api.md, "Stacks")? Every component
 * that names a catalogued project is resolved as deployed (line lookup, since keys laid
 * over), and every entry of its version that names another component makes a pair.
 */
import { aggregateVerdicts } from '../check/aggregate-verdicts.ts'
import { rememberedChecks, withLine } from '../check/check-dependency.ts'
import type { DependencyCheck, Verdict } from '../check/check-result.ts'
import { describeUnknownVersion, didYouMean, projectNames } from '../check/describe-unknown.ts'
import { entriesOf, type FoundVersion, findVersion } from '../check/find-version.ts'
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { linkedEntry } from '../dataset/links.ts'
import type { ResolvedComponent, StackPair, StackResult } from './stack-result.ts'

export interface StackRequest {
  /** Name and deployed version, in request order; a name appears once. */
  readonly components: readonly (readonly [string, string])[]
}

/** @example evaluateStack(dataset, { components: [['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']] }) */
export function evaluateStack(dataset: Dataset, request: StackRequest): StackResult {
  const { components } = request
  const resolved: Record<string, ResolvedComponent> = Object.create(null)
  const found: (FoundVersion | null)[] = []
  const unresolved: string[] = []
  const uncatalogued: string[] = []
  for (const [name, version] of components) {
    const project = findProject(dataset, name)
    if (project === undefined) {
      resolved[name] = null
      found.push(null)
      uncatalogued.push(name)
      continue
    }
    const answer = findVersion(dataset, project, version, 'line')
    found.push(answer)
    if (answer === null) unresolved.push(name)
    resolved[name] = {
      project: project.document.id,
      key: answer?.version.key ?? null,
      reason:
        answer === null
          ? describeUnknownVersion(dataset, project, version, 'line')
          : describeResolution(answer, version),
    }
  }
  const pairs: StackPair[] = []
  const paired = new Set<number>()
  components.forEach(([name, version], index) => {
    const answer = found[index]
    if (answer == null) return
    const entries = entriesOf(answer)
    const check = rememberedChecks(answer, version, 'link')
    components.forEach(([other, otherVersion], otherIndex) => {
      if (otherIndex === index) return
      const entry = linkedEntry(dataset, entries, other)
      if (entry === undefined) return
      paired.add(index).add(otherIndex)
      pairs.push(
        stackPair(name, version, other, otherVersion, entry.key, check(other, otherVersion)),
      )
    })
  })
  const echo: Record<string, string> = Object.create(null)
  for (const [name, version] of components) echo[name] = version
  const byPairs = aggregateVerdicts(pairs)
  const compatible: Verdict =
    byPairs === 'incompatible' || (pairs.length > 0 && unresolved.length === 0)
      ? byPairs
      : 'unknown'
  return {
    components: echo,
    compatible,
    reason: summarizeStack(dataset, compatible, pairs, unresolved, uncatalogued),
    resolved,
    pairs,
    unpaired: components.filter((_, index) => !paired.has(index)).map(([name]) => name),
  }
}

/** One component's check of another as a stack answers it: the two as sent, then the check. */
export function stackPair(
  project: string,
  version: string,
  dependency: string,
  dependencyVersion: string,
  key: string,
  decided: DependencyCheck,
): StackPair {
  return {
    project,
    version,
    dependency,
    dependencyVersion,
    key,
    compatible: decided.compatible,
    matchedRange: decided.matchedRange,
    matchedConstraint: decided.matchedConstraint,
    relationship: decided.relationship,
    confidence: decided.confidence,
    lastVerified: decided.lastVerified,
    notes: decided.notes,
    sources: decided.sources,
    reason: decided.reason,
  }
}

/** "CloudNativePG v1.27.1 has no entry of its own; answered from the documented 1.27 line with the since key 1.27.1." */
export function describeResolution(found: FoundVersion, version: string): string {
  const name = found.project.document.name
  if (!found.byLine) return `${name} ${version} has an entry of its own.`
  return withLine(`${name} ${version} has no entry of its own`, found)
}

export function summarizeStack(
  dataset: Dataset,
  compatible: Verdict,
  pairs: readonly StackPair[],
  unresolved: readonly string[],
  uncatalogued: readonly string[],
): string {
  const parts: string[] = []
  const describe = (pair: StackPair) => `${pair.project} → ${pair.dependency}`
  const count = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`
  if (pairs.length === 0) {
    parts.push('No component documents another, so nothing in the stack can be decided.')
  } else if (compatible === 'incompatible') {
    const bad = pairs.filter((pair) => pair.compatible === 'incompatible')
    parts.push(
      `${bad.length} of ${count(pairs.length)} ${bad.length === 1 ? 'is' : 'are'} incompatible: ${bad.map(describe).join(', ')}.`,
    )
  } else {
    const open = pairs.filter((pair) => pair.compatible === 'unknown')
    parts.push(
      open.length === 0
        ? pairs.length === 1
          ? 'The one pair is documented compatible.'
          : `All ${count(pairs.length)} are documented compatible.`
        : `None of ${count(pairs.length)} is incompatible, but ${open.length} cannot be decided: ${open.map(describe).join(', ')}.`,
    )
  }
  for (const name of unresolved) {
    parts.push(`"${name}" is catalogued, but nothing documented covers its version.`)
  }
  if (uncatalogued.length > 0) {
    const names = uncatalogued.map(
      (name) =>
        `"${name}"${didYouMean(name, projectNames(dataset)).replace(/^ Did you mean (.*)\?$/, ' (did you mean $1?)')}`,
    )
    parts.push(
      `Not catalogued as projects (they can still be named by others' evidence): ${names.join(', ')}.`,
    )
  }
  return parts.join(' ')
}
