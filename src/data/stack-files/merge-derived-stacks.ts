/**
 * Stacks derived from several files (`--from`, docs/cli.md "Stacks from files") made one: each
 * catalogued project once, in the order first found, file by file. Files of one deployment
 * agree: a project two files find at different versions is a conflict, never settled by a
 * guess. Pure: the files are read and matched by the caller.
 */
import type { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { type DerivedStack, deriveStack } from '../../core/stack/derive-stack.ts'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { packageNameOfPurl } from './package-name-of-purl.ts'
import type { StackFile } from './stack-file.ts'

/** One `--from` file as read: its name as shown, and what its reader found. */
export interface FoundFile {
  readonly file: string
  readonly stack: StackFile
}

/** What one file derived, as the API answers for an SBOM: the stack and how it was made. */
export interface DerivedFile {
  readonly file: string
  readonly derivedFrom: DerivedStack['derivedFrom']
  readonly matches: DerivedStack['matches']
  readonly unmatched: DerivedStack['unmatched']
  readonly duplicates: DerivedStack['duplicates']
}

/** Where a component of the merged stack was found. */
export interface FoundAt {
  readonly file: string
  /** Its name in the file. */
  readonly name: string
  readonly location: string
  readonly by: 'purl' | 'name'
}

/** A component of the merged stack: a catalogued project at the version found. */
export interface MergedComponent {
  readonly project: string
  readonly version: string
  /** Every file it was found in (at this version), in order. */
  readonly foundAt: readonly FoundAt[]
  /**
   * The package names it is released under, from the purls that matched it (a `helm list`
   * chart catalogued by its `pkg:helm` purl: the chart): for update bots. Empty when it was
   * matched by name, as nothing then says which package it is.
   */
  readonly packages: readonly string[]
}

/** A project two files find at different versions. */
export interface Conflict {
  readonly project: string
  readonly first: { readonly version: string } & FoundAt
  readonly second: { readonly version: string } & FoundAt
}

export type MergedStack =
  | {
      readonly ok: true
      readonly files: readonly DerivedFile[]
      readonly components: readonly MergedComponent[]
    }
  | { readonly ok: false; readonly files: readonly DerivedFile[]; readonly conflicts: Conflict[] }

/**
 * @example mergeDerivedStacks(matcher, [{ file: 'version.json', stack }]).components // [{ project: 'kubernetes', version: 'v1.30.4-eks-a0f0ba7', … }]
 */
export function mergeDerivedStacks(
  matcher: ComponentMatcher,
  found: readonly FoundFile[],
): MergedStack {
  const files: DerivedFile[] = []
  const merged = new Map<string, { version: string; foundAt: FoundAt[]; packages: string[] }>()
  const conflicts: Conflict[] = []
  for (const { file, stack } of found) {
    const derived = deriveStack(matcher, stack)
    const { derivedFrom, matches, unmatched, duplicates } = derived
    files.push({ file, derivedFrom, matches, unmatched, duplicates })
    for (const [project, version] of derived.components) {
      // The match that gave the version kept: the first of the project at that version.
      const matched = matches.filter((match) => match.project === project)
      const kept = matched.find((match) => match.version === version) ?? matched[0]
      if (kept === undefined) continue
      const foundAt: FoundAt = { file, name: kept.name, location: kept.location, by: kept.by }
      const packages = packagesOf(stack, matched)
      const known = merged.get(project)
      if (known === undefined) {
        merged.set(project, { version, foundAt: [foundAt], packages })
        continue
      }
      if (!sameVersion(known.version, version)) {
        const first = known.foundAt[0] as FoundAt
        conflicts.push({
          project,
          first: { version: known.version, ...first },
          second: { version, ...foundAt },
        })
        continue
      }
      known.foundAt.push(foundAt)
      for (const name of packages) if (!known.packages.includes(name)) known.packages.push(name)
    }
  }
  if (conflicts.length > 0) return { ok: false, files, conflicts }
  const components = [...merged].map(([project, { version, foundAt, packages }]) => ({
    project,
    version,
    foundAt,
    packages,
  }))
  return { ok: true, files, components }
}

/** One version, however written: `v1.15.3` and `1.15.3`, `17.2` and `17.2-bookworm`. */
function sameVersion(a: string, b: string): boolean {
  if (a === b) return true
  const left = parseVersion(a)
  const right = parseVersion(b)
  return left !== null && right !== null && compareVersions(left, right) === 0
}

/** The package names of the components matched by purl. */
function packagesOf(stack: StackFile, matches: DerivedStack['matches']): string[] {
  const names: string[] = []
  for (const match of matches) {
    if (match.by !== 'purl') continue
    const component = stack.components.find(
      (candidate) => candidate.location === match.location && candidate.name === match.name,
    )
    if (component === undefined) continue
    // A `helm list` release has no purl of its own: it matched as its chart, pkg:helm/NAME.
    const name =
      stack.format === 'helm-list'
        ? component.name
        : component.purl === undefined
          ? null
          : packageNameOfPurl(component.purl)
    if (name !== null && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * The four fields the API adds to a stack's answer for an SBOM, in its order. One file:
 * exactly the API's. Several: `derivedFrom` is a list, one item a file, and every item of the
 * other three names its `file` first.
 *
 * @example derivedFields([file]).derivedFrom // { format: 'cyclonedx', components: 3, matched: 2 }
 */
export function derivedFields(files: readonly DerivedFile[]): Record<string, unknown> {
  const [only] = files
  if (files.length === 1 && only !== undefined) {
    const { derivedFrom, matches, unmatched, duplicates } = only
    return { derivedFrom, matches, unmatched, duplicates }
  }
  return {
    derivedFrom: files.map(({ file, derivedFrom }) => ({ file, ...derivedFrom })),
    matches: files.flatMap(({ file, matches }) => matches.map((item) => ({ file, ...item }))),
    unmatched: files.flatMap(({ file, unmatched }) => unmatched.map((item) => ({ file, ...item }))),
    duplicates: files.flatMap(({ file, duplicates }) =>
      duplicates.map((item) => ({ file, ...item })),
    ),
  }
}

/**
 * `kubernetes is v1.30.4-eks-a0f0ba7 in eks.json (at /serverVersion/gitVersion) and
 * v1.31.2+k3s1 in k3s.json (at /serverVersion/gitVersion); …`
 */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  const each = conflicts.map(
    ({ project, first, second }) =>
      `${project} is ${first.version} in ${first.file} (at ${first.location || 'the file'}) and ${second.version} in ${second.file} (at ${second.location || 'the file'})`,
  )
  return `${each.join('; ')}: files of one deployment name one version of each project; give the files of one deployment, or check each file on its own`
}
