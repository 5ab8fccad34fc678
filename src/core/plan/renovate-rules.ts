/**
 * Renovate rules that let an update bot propose only what fits (docs/cli.md, "compat
 * renovate"): for each component released under known package names, the documented keys
 * (final releases, older ones included) whose every pair with the rest of the stack, at its
 * current versions, is documented compatible, and, when its project documents an upgrade rule
 * (docs/api.md, "Upgrade rules"), only those one hop from its version at most — as one
 * `allowedVersions` regular expression Renovate can read with RE2 (no lookaround, no
 * backreferences).
 */
import type { Verdict } from '../check/check-result.ts'
import { findVersion } from '../check/find-version.ts'
import { type CompiledProject, type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { Upgrades } from '../dataset/schema.ts'
import { allowsHop, describeUpgradeRule } from '../upgrades/allows-hop.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'
import { integerRangePattern } from './integer-range-pattern.ts'
import { PairJudge, type Slot, slotOf } from './pair-judge.ts'

export interface RenovateComponent {
  readonly name: string
  readonly version: string
  /** Package names the component is released under; no rule without them. */
  readonly packages: readonly string[]
}

export interface PackageRule {
  readonly description: string
  readonly matchPackageNames: readonly string[]
  readonly allowedVersions: string
}

export interface RenovateRules {
  readonly packageRules: PackageRule[]
  /** Components with packages that got no rule, and why (for stderr, not the configuration). */
  readonly skipped: readonly string[]
}

/** How one documented key of a component pairs with the rest of the stack. */
export type KeyVerdict = Verdict | 'unpaired'

/**
 * @example renovateRules(dataset, [{ name: 'kubernetes', version: '1.33.2', packages: [] }, { name: 'cnpg', version: '1.27.1', packages: ['ghcr.io/cloudnative-pg/cloudnative-pg'] }], false)
 */
export function renovateRules(
  dataset: Dataset,
  components: readonly RenovateComponent[],
  allowUnknown: boolean,
): RenovateRules {
  const packageRules: PackageRule[] = []
  const skipped: string[] = []
  components.forEach((component, index) => {
    if (component.packages.length === 0) return
    const verdicts = keyVerdicts(dataset, components, index, allowUnknown)
    if (verdicts === null) {
      skipped.push(
        `${component.name}: no catalogued project answers to this name, so no key is known`,
      )
      return
    }
    if (verdicts.every(([, verdict]) => verdict === 'unpaired')) {
      skipped.push(
        `${component.name}: nothing in the stack documents it, and it documents nothing in the stack, so compat has no evidence to restrict it`,
      )
      return
    }
    const fitting = verdicts
      .filter(
        ([, verdict]) => verdict === 'compatible' || (allowUnknown && verdict !== 'incompatible'),
      )
      .map(([key]) => key)
    const project = findProject(dataset, component.name) as CompiledProject
    const rule = project.document.upgrades
    // An update bot takes one hop at a time: what lies further waits for the next run.
    const admitted = fitting.filter((key) => withinOneHop(rule, component.version, key))
    const heldBack = fitting.filter((key) => !admitted.includes(key))
    const others = components
      .filter((_, at) => at !== index)
      .map((other) => `${other.name} ${other.version}`)
      .join(', ')
    packageRules.push({
      description: describeRule(component, others, admitted, heldBack, rule),
      matchPackageNames: [...component.packages],
      allowedVersions: allowedVersions(project, (key) => admitted.includes(key)),
    })
  })
  return { packageRules, skipped }
}

/**
 * Whether a key is at most one hop from a component's version by its project's upgrade rule
 * (`allowsHop`): a key at or below the version always is (a rule admits older keys that fit), a
 * key above it when the rule allows the move in one hop. Without a rule, or for a version or key
 * outside the version grammar, every key is.
 *
 * @example withinOneHop({ step: 'minor', … }, '1.31.4', '1.33') // false: 1.32 first
 */
export function withinOneHop(rule: Upgrades | undefined, version: string, key: string): boolean {
  if (rule === undefined) return true
  const from = parseVersion(version)
  const to = parseVersion(key)
  if (from === null || to === null) return true
  return compareVersions(to, from) <= 0 || allowsHop(rule, from, to)
}

/** The rule's description: what it admits, and what fits but waits for the next hop. */
function describeRule(
  component: RenovateComponent,
  others: string,
  admitted: readonly string[],
  heldBack: readonly string[],
  rule: Upgrades | undefined,
): string {
  const { name, version } = component
  if (heldBack.length === 0 || rule === undefined) {
    return admitted.length === 0
      ? `compat: no documented ${name} version fits ${others}; no update is allowed.`
      : `compat: the documented ${name} versions that fit ${others}: ${admitted.join(', ')}.`
  }
  const hop = `at most one hop from ${version} (${describeUpgradeRule(rule)}, as its upgrade rule says)`
  const later = heldBack.join(', ')
  return admitted.length === 0
    ? `compat: no documented ${name} version ${hop} fits ${others}; no update is allowed. Further than one hop, these fit: ${later} (compat plan --path shows the steps).`
    : `compat: the documented ${name} versions that fit ${others} and are ${hop}: ${admitted.join(', ')}. These fit too, for a later hop: ${later}.`
}

/**
 * Every final documented key of the component, lowest first, with how its pairs with the
 * others at their current versions come out: incompatible if any is; else unknown if any is;
 * else compatible; `unpaired` when none exists. Null when the name is no catalogued project.
 */
export function keyVerdicts(
  dataset: Dataset,
  components: readonly { readonly name: string; readonly version: string }[],
  index: number,
  allowUnknown: boolean,
): [string, KeyVerdict][] | null {
  const slots: Slot[] = components.map((component, at) =>
    slotOf(dataset, at, component.name, component.version, at !== index, 'all'),
  )
  const slot = slots[index] as Slot
  if (slot.project === undefined) return null
  const judge = new PairJudge(
    dataset,
    slots,
    allowUnknown ? 'allow' : 'block',
    Number.POSITIVE_INFINITY,
  )
  const verdicts: [string, KeyVerdict][] = []
  for (let option = 1; option < slot.options.length; option++) {
    let verdict: KeyVerdict = 'unpaired'
    for (const other of slots) {
      if (other === slot) continue
      for (const [a, optionA, b, optionB] of [
        [slot, option, other, 0],
        [other, 0, slot, option],
      ] as const) {
        if (!judge.documents(a.index, b.index)) continue
        const judged = judge.verdict(a, optionA, b, optionB)
        if (judged === null) continue
        verdict = worse(verdict, judged)
      }
    }
    verdicts.push([(slot.options[option] as Slot['options'][number]).version, verdict])
  }
  return verdicts
}

const RANK: Readonly<Record<KeyVerdict, number>> = {
  unpaired: 0,
  compatible: 1,
  unknown: 2,
  incompatible: 3,
}

function worse(a: KeyVerdict, b: KeyVerdict): KeyVerdict {
  return RANK[b] > RANK[a] ? b : a
}

/**
 * The versions of a project whose answering key is admitted, as Renovate's `allowedVersions`:
 * `/^v?(?:…)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/` — with or without a `v`, any
 * `-suffix` (an image flavor) and `+build`. A version is answered by the key line lookup answers
 * it from (docs/api.md, "Since keys"): its most specific key, or the last since key of its line
 * at or below it; so a key's releases stop where a more specific key's or a since key's begin,
 * and a key admitted alone reads `1\.27(?:\.\d+)*` (1.27, 1.27.4, never 1.270). With no key
 * admitted, a pattern no version matches. RE2-compatible: no lookaround, no backreferences.
 *
 * @example allowedVersions(cnpg, (key) => key === '1.28') // '/^v?(?:1\.28(?:\.\d+)*)(?:-…)?(?:\+…)?$/'
 */
export function allowedVersions(
  project: CompiledProject,
  admitted: (key: string) => boolean,
): string {
  // Which key answers a version: the core's own line lookup, asked for one version of each
  // region of the key tree (every version of a region has the same answer).
  const answers = (version: string) => {
    const found = findVersion(NO_OTHER_PROJECTS, project, version, 'line')
    return found !== null && admitted(found.version.key)
  }
  const { alternatives } = walk(trieOf(project), answers)
  if (alternatives.length === 0) return NOTHING
  return `/^v?(?:${alternatives.join('|')})(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$/`
}

/** Matches no version at all (nor an empty text). */
const NOTHING = '/^[^\\s\\S]$/'

const NO_OTHER_PROJECTS: Dataset = {
  projects: new Map(),
  aliases: new Map(),
  entryCount: 0,
  names: new Map(),
}

interface TrieNode {
  /** The release parts of this node as a version (`1.27`) and as a pattern (`1\\.27`). */
  readonly version: string
  readonly pattern: string
  /** The last parts of the since keys whose line is this node. */
  readonly since: bigint[]
  readonly children: Map<bigint, TrieNode>
}

function trieOf(project: CompiledProject): TrieNode {
  const root: TrieNode = { version: '', pattern: '', since: [], children: new Map() }
  for (const key of project.versions) {
    const { release, pre, post } = key.version
    if (pre !== null || post !== null) continue
    let node = root
    const depth = key.since ? release.length - 1 : release.length
    for (let at = 0; at < depth; at++) {
      const part = release[at] as bigint
      let child = node.children.get(part)
      if (child === undefined) {
        child = {
          version: node.version === '' ? String(part) : `${node.version}.${part}`,
          pattern: node.pattern === '' ? String(part) : `${node.pattern}\\.${part}`,
          since: [],
          children: new Map(),
        }
        node.children.set(part, child)
      }
      node = child
    }
    if (key.since) node.since.push(release[release.length - 1] as bigint)
  }
  return root
}

/**
 * The alternatives for the versions under `node`: the node itself, then each range of its next
 * part (cut where a since key of its line begins, without the parts that have nodes of their
 * own), then its children; one alternative for the whole node when every one of them is
 * admitted (`1\.27(?:\.\d+)*` rather than 1.27, 1.27.0 and 1.27.1 up apart). A node with
 * neither since keys nor children is one region.
 */
function walk(
  node: TrieNode,
  answers: (version: string) => boolean,
): { readonly alternatives: string[]; readonly all: boolean } {
  const whole = `${node.pattern}(?:\\.\\d+)*`
  if (node.version !== '' && node.since.length === 0 && node.children.size === 0) {
    const admitted = answers(node.version)
    return { alternatives: admitted ? [whole] : [], all: admitted }
  }
  const alternatives: string[] = []
  let all = true
  if (node.version !== '') {
    if (answers(node.version)) alternatives.push(node.pattern)
    else all = false
    const boundaries = [...new Set(node.since)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const starts = [0n, ...boundaries.filter((boundary) => boundary > 0n)]
    starts.forEach((from, at) => {
      const next = starts[at + 1]
      const to = next === undefined ? null : next - 1n
      const ranges = freeRanges(from, to, [...node.children.keys()])
      const first = ranges[0]
      if (first === undefined) return
      if (!answers(`${node.version}.${first[0]}`)) {
        all = false
        return
      }
      const patterns = ranges.map(([low, high]) =>
        integerRangePattern(Number(low), high === null ? null : Number(high)),
      )
      alternatives.push(`${node.pattern}\\.(?:${patterns.join('|')})(?:\\.\\d+)*`)
    })
  }
  for (const child of node.children.values()) {
    const below = walk(child, answers)
    alternatives.push(...below.alternatives)
    all &&= below.all
  }
  return node.version !== '' && all ? { alternatives: [whole], all } : { alternatives, all }
}

/** The runs of integers from `from` to `to` (null: no end) that are not in `taken`. */
function freeRanges(
  from: bigint,
  to: bigint | null,
  taken: readonly bigint[],
): [bigint, bigint | null][] {
  const inside = taken
    .filter((part) => part >= from && (to === null || part <= to))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const ranges: [bigint, bigint | null][] = []
  let start = from
  for (const part of inside) {
    if (part > start) ranges.push([start, part - 1n])
    start = part + 1n
  }
  if (to === null || start <= to) ranges.push([start, to])
  return ranges
}
