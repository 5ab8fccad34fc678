/**
 * An npm package's releases from its package document (the registry's answer, or a saved
 * copy): each version's `engines.node` as a `nodejs` entry and each `peerDependencies` item as
 * a peer entry, cited to the package's repository at the release's commit (`gitHead`) or tag.
 */
import { hasPreZero, PRE_ZERO_REMARK, withoutPreZero } from './convert-helm-constraint.ts'
import { convertRange } from './convert-range.ts'
import {
  isObject,
  isPreRelease,
  parseJsonText,
  type ReadMetadata,
  releaseSource,
  repositoryWebUrl,
  stringAt,
  type TagNaming,
} from './packaging-metadata.ts'
import type { DeclaredFact, PublishedRelease } from './release-line-keys.ts'

export interface PackumentOptions {
  readonly name: string
  readonly today: string
  /** How releases are tagged (`--tag`, `--tags-from`). */
  readonly tags: TagNaming
  /** A pinned address per version (`{version}`), instead of the repository at the tag. */
  readonly sourceUrl: string | null
}

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
  const packument = parsed.value
  if (!isObject(packument) || !isObject(packument.versions)) {
    return { ok: false, error: `${from} is not an npm package document (no 'versions')` }
  }
  const name = stringAt(packument, 'name')
  if (name !== options.name) {
    return {
      ok: false,
      error: `${from} is the package document of '${name ?? '?'}', not '${options.name}'`,
    }
  }
  const releases: PublishedRelease[] = []
  const leftOut: string[] = []
  let preReleases = 0
  for (const [version, manifest] of Object.entries(packument.versions)) {
    if (isPreRelease(version)) {
      preReleases++
      continue
    }
    if (!isObject(manifest)) continue
    const written = manifest.repository ?? packument.repository
    const source = releaseSource(
      `${options.name} ${version} package.json (engines, peerDependencies)`,
      version,
      {
        ...options,
        repository: repositoryOf(manifest, packument),
        directory: stringAt(written, 'directory') ?? undefined,
        commit: stringAt(manifest, 'gitHead'),
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
    })
  }
  const latestTag = isObject(packument['dist-tags'])
    ? stringAt(packument['dist-tags'], 'latest')
    : null
  const latest = latestTag === null ? undefined : packument.versions[latestTag]
  const described = isObject(latest) ? latest : packument
  const repository = repositoryOf(described, packument)
  return {
    ok: true,
    project: {
      name,
      website: stringAt(described, 'homepage') ?? repository,
      description: stringAt(described, 'description'),
      keywords: Array.isArray(described.keywords)
        ? described.keywords.filter((k) => typeof k === 'string')
        : [],
    },
    releases,
    preReleases,
    leftOut,
  }
}

function declaredFacts(
  manifest: Record<string, unknown>,
  name: string,
  version: string,
  leftOut: string[],
): DeclaredFact[] {
  const facts: DeclaredFact[] = []
  const { engines, peerDependencies, peerDependenciesMeta } = manifest
  if (engines !== undefined && !isObject(engines)) {
    // Very old packages wrote engines as a list of strings, which npm itself never read.
    leftOut.push(
      `${name} ${version}: engines is not an object (${JSON.stringify(engines)}); no nodejs entry for it`,
    )
  } else {
    const node = stringAt(engines, 'node')
    if (node !== null) {
      facts.push({
        dependency: 'nodejs',
        field: 'engines.node',
        declared: node,
        relationship: 'runtime',
        ...npmRange(node),
      })
    }
  }
  if (isObject(peerDependencies)) {
    for (const [peer, range] of Object.entries(peerDependencies)) {
      if (typeof range !== 'string') continue
      const key = peerKey(peer)
      if (key === null) {
        leftOut.push(`${name} ${version}: peer '${peer}' cannot be a dependency key; left out`)
        continue
      }
      const optional =
        isObject(peerDependenciesMeta) &&
        isObject(peerDependenciesMeta[peer]) &&
        peerDependenciesMeta[peer].optional === true
      facts.push({
        dependency: key,
        field: `peerDependencies['${peer}']`,
        declared: range,
        relationship: optional ? 'optional peer' : 'peer',
        ...npmRange(range),
      })
    }
  }
  return facts
}

/** An npm range converted exactly for final releases: `-0` suffixes dropped and said so. */
function npmRange(range: string): Pick<DeclaredFact, 'converted' | 'remark'> {
  const converted = convertRange(withoutPreZero(range))
  return hasPreZero(range) ? { converted, remark: PRE_ZERO_REMARK } : { converted }
}

function repositoryOf(
  manifest: Record<string, unknown>,
  packument: Record<string, unknown>,
): string | null {
  const written = manifest.repository ?? packument.repository
  const url = typeof written === 'string' ? written : stringAt(written, 'url')
  return url === null ? null : repositoryWebUrl(url)
}
