/**
 * An npm package's releases from its package document (the registry's answer, or a saved
 * copy): each version's `engines.node` as a `nodejs` entry and each `peerDependencies` item as
 * a peer entry, cited to the package's repository at the release's commit (`gitHead`) or tag.
 * A peer pinned to exactly the release's own version (a sibling package of a monorepo, written
 * `workspace:*` upstream and published as the version) is marked so, for the same-version
 * constraint.
 */
import type { Static } from 'typebox'
import { hasPreZero, PRE_ZERO_REMARK, withoutPreZero } from './convert-helm-constraint.ts'
import { convertRange } from './convert-range.ts'
import {
  isPreRelease,
  nonBlankText,
  parseJsonText,
  publishedDay,
  type ReadMetadata,
  releaseSource,
  repositoryWebUrl,
  type TagNaming,
} from './packaging-metadata.ts'
import {
  PackageDescriptionSchema,
  PackageManifestSchema,
  PackumentSchema,
  type RepositorySchema,
} from './packument-schema.ts'
import type { DeclaredFact, PublishedRelease } from './release-line-keys.ts'
import { faultLines, formatShapeFaults, pointerTo, shapeReader } from './shape-reader.ts'

export interface PackumentOptions {
  readonly name: string
  readonly today: string
  /** How releases are tagged (`--tag`, `--tags-from`). */
  readonly tags: TagNaming
  /** A pinned address per version (`{version}`), instead of the repository at the tag. */
  readonly sourceUrl: string | null
}

const readPackumentShape = shapeReader(PackumentSchema)
const readManifest = shapeReader(PackageManifestSchema)
const readDescription = shapeReader(PackageDescriptionSchema)

type Manifest = Static<typeof PackageManifestSchema>
type Repository = Static<typeof RepositorySchema>

/**
 * The dependency key of a peer: its package name, a scope written as a prefix
 * (`@angular/compiler` → `angular-compiler`), so that keys stay lowercase slugs.
 */
export function peerKey(name: string): string | null {
  const key = name.replace(/^@([^/]+)\/(.+)$/, '$1-$2').toLowerCase()
  return /^[a-z0-9][a-z0-9._-]{0,127}$/.test(key) ? key : null
}

export function readPackument(text: string, from: string, options: PackumentOptions): ReadMetadata {
  const parsed = parseJsonText(text, from)
  if ('error' in parsed) return { ok: false, error: parsed.error }
  const read = readPackumentShape(parsed.value)
  const packument = read.value
  if (packument === undefined) {
    return {
      ok: false,
      error: `${from} is not an npm package document: ${formatShapeFaults(read.faults)}`,
    }
  }
  const name = nonBlankText(packument.name)
  if (name !== options.name) {
    return {
      ok: false,
      error: `${from} is the package document of '${name ?? '?'}', not '${options.name}'`,
    }
  }
  const releases: PublishedRelease[] = []
  const leftOut: string[] = faultLines(from, read)
  let preReleases = 0
  for (const [version, written] of Object.entries(packument.versions)) {
    if (isPreRelease(version)) {
      preReleases++
      continue
    }
    const readRelease = readManifest(written, pointerTo('', 'versions', version))
    leftOut.push(...faultLines(from, readRelease))
    const manifest = readRelease.value
    if (manifest === undefined) continue
    const repository = manifest.repository ?? packument.repository
    const source = releaseSource(
      `${options.name} ${version} package.json (engines, peerDependencies)`,
      version,
      {
        ...options,
        repository: repositoryUrl(repository),
        directory:
          typeof repository === 'object'
            ? (nonBlankText(repository?.directory) ?? undefined)
            : undefined,
        commit: nonBlankText(manifest.gitHead),
      },
    )
    if ('error' in source) {
      leftOut.push(`${name} ${version}: ${source.error}; left out`)
      continue
    }
    releases.push({
      version,
      facts: declaredFacts(manifest, name, version, leftOut),
      source: { ...source, accessedAt: options.today },
      ...publishedDay(packument.time?.[version]),
    })
  }
  const latestTag = nonBlankText(packument['dist-tags']?.latest)
  const latest = latestTag === null ? undefined : packument.versions[latestTag]
  const fromLatest =
    latest === undefined
      ? undefined
      : readDescription(latest, pointerTo('', 'versions', latestTag ?? ''))
  // The latest release describes the project; a document without one, the document itself.
  const described = fromLatest?.value === undefined ? readDescription(parsed.value) : fromLatest
  leftOut.push(...faultLines(from, described))
  const { homepage, description, keywords = [] } = described.value ?? {}
  const repository = repositoryUrl(described.value?.repository ?? packument.repository)
  return {
    ok: true,
    project: {
      name,
      website: nonBlankText(homepage) ?? repository,
      description: nonBlankText(description),
      keywords,
    },
    releases,
    preReleases,
    // The latest release is read for its facts and for the description: a fault is one line.
    leftOut: [...new Set(leftOut)],
  }
}

function declaredFacts(
  manifest: Manifest,
  name: string,
  version: string,
  leftOut: string[],
): DeclaredFact[] {
  const facts: DeclaredFact[] = []
  const { engines, peerDependencies = {}, peerDependenciesMeta } = manifest
  const node = nonBlankText(engines?.node)
  if (node !== null) {
    facts.push({
      dependency: 'nodejs',
      field: 'engines.node',
      declared: node,
      relationship: 'runtime',
      ...npmRange(node),
    })
  }
  for (const [peer, range] of Object.entries(peerDependencies)) {
    const key = peerKey(peer)
    if (key === null) {
      leftOut.push(`${name} ${version}: peer '${peer}' cannot be a dependency key; left out`)
      continue
    }
    const converted = npmRange(range)
    facts.push({
      dependency: key,
      field: `peerDependencies['${peer}']`,
      declared: range,
      relationship: peerDependenciesMeta?.[peer]?.optional === true ? 'optional peer' : 'peer',
      ...converted,
      ...pinOf(range, converted.converted, version),
    })
  }
  return facts
}

/**
 * Whether an npm range pins one release, and whether that is the declaring release's own:
 * `5.1.1`, `=5.1.1` or `v5.1.1` at 5.1.1 pin its own version, at 5.1.2 another; a partial
 * `5.1`, `^5.1.1` or a `-0` suffix (a pre-release) pins nothing.
 */
export function pinOf(
  range: string,
  converted: DeclaredFact['converted'],
  version: string,
): Pick<DeclaredFact, 'pins'> {
  if (hasPreZero(range) || 'error' in converted || converted.ranges.length !== 1) return {}
  const pinned = /^=?(\d+\.\d+\.\d+)$/.exec(converted.ranges[0] as string)?.[1]
  if (pinned === undefined) return {}
  return { pins: pinned === version ? 'own version' : 'another version' }
}

/** An npm range converted exactly for final releases: `-0` suffixes dropped and said so. */
function npmRange(range: string): Pick<DeclaredFact, 'converted' | 'remark'> {
  const converted = convertRange(withoutPreZero(range))
  return hasPreZero(range) ? { converted, remark: PRE_ZERO_REMARK } : { converted }
}

/** The web address of a repository as package.json writes it (a URL or a shorthand). */
function repositoryUrl(repository: Repository | undefined): string | null {
  const url = nonBlankText(typeof repository === 'string' ? repository : repository?.url)
  return url === null ? null : repositoryWebUrl(url)
}
