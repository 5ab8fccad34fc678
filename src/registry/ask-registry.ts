/**
 * What a readiness answer needs from the registries (docs/api.md, "Readiness"): the releases
 * of every package the file declares nothing for (its declaration at its exact version) and of
 * every package that blocks (where it could move). One request a package for npm, and for a
 * Python runtime; a Python package target needs each release's own answer for its
 * `Requires-Dist`, so only the current one and a few candidates above and at the top are read.
 */

import { releaseAdmits } from '../core/readiness/admitting-releases.ts'
import type { PublishedRelease, PublishedReleases } from '../core/readiness/declarations.ts'
import { rulesOf } from '../core/readiness/ecosystem-rules.ts'
import { packagesToAsk, type ReadinessPackage } from '../core/readiness/evaluate-readiness.ts'
import type { ReadinessTarget } from '../core/readiness/readiness-target.ts'
import type { RegistryClient } from './registry-client.ts'

// Releases read one by one, from each end, for a Python package target.
const RELEASES_READ_EACH_WAY = 4

/** The registry's answers by package name, for `evaluateReadiness`. */
export async function askRegistry(
  target: ReadinessTarget,
  packages: readonly ReadinessPackage[],
  client: RegistryClient,
): Promise<Map<string, PublishedReleases>> {
  const asked = packagesToAsk(target, packages, client.offline)
  const names = [...new Set(asked.map((item) => item.name))]
  const answers = await Promise.all(
    names.map(async (name): Promise<[string, PublishedReleases]> => {
      if (target.ecosystem === 'npm') return [name, await client.npmReleases(name)]
      const releases = await client.pypiReleases(name)
      if (target.kind === 'runtime' || 'unavailable' in releases) return [name, releases]
      const versions = asked.filter((item) => item.name === name).map((item) => item.version)
      return [name, await withRequiresDist(name, versions, releases.releases, target, client)]
    }),
  )
  return new Map(answers)
}

/**
 * The releases, each `Requires-Dist` unknown (null declarations) but those read: the versions
 * in the file, then candidates upwards from the lowest of them and downwards from the newest,
 * until one admits the target.
 */
async function withRequiresDist(
  name: string,
  current: readonly string[],
  releases: readonly PublishedRelease[],
  target: ReadinessTarget,
  client: RegistryClient,
): Promise<PublishedReleases> {
  const rules = rulesOf('pypi')
  const read = new Map<string, PublishedRelease>()
  const readRelease = async (release: PublishedRelease) => {
    const answer = await client.pypiRelease(name, release.version)
    const known = 'unavailable' in answer ? null : answer.value
    const filled = { ...release, declarations: known }
    read.set(release.version, filled)
    return filled
  }
  const inFile = releases.filter((release) =>
    current.some(
      (version) => rules.isVersion(version) && rules.compare(release.version, version) === 0,
    ),
  )
  await Promise.all(inFile.map(readRelease))
  const lowest = current.filter(rules.isVersion).sort(rules.compare)[0]
  const candidates = releases
    .filter(
      (release) =>
        !release.withdrawn &&
        rules.isVersion(release.version) &&
        !rules.isPreRelease(release.version),
    )
    .sort((a, b) => rules.compare(a.version, b.version))
  const upwards = candidates.filter(
    (release) => lowest === undefined || rules.compare(release.version, lowest) > 0,
  )
  for (const order of [upwards, [...candidates].reverse()]) {
    for (const release of order.slice(0, RELEASES_READ_EACH_WAY)) {
      const filled = read.get(release.version) ?? (await readRelease(release))
      if (releaseAdmits(filled, target, rules) === true) break
    }
  }
  return {
    releases: releases.map(
      (release) => read.get(release.version) ?? { ...release, declarations: null },
    ),
  }
}
