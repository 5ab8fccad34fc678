/**
 * The released versions of a project, read where its document's `upstream` says they are
 * published (data/README.md, "Where releases are published").
 */
import { parse } from 'yaml'
import type { Upstream } from '../core/dataset/schema.ts'
import { versionOfTag } from '../core/releases/compare-releases.ts'
import { fetchJson, fetchUpstream, UpstreamError } from './fetch-upstream.ts'
import { githubTags, PUBLIC_GITHUB_API } from './github-tags.ts'
import { npmRegistry, packumentUrl } from './npm-registry.ts'
import { pypiJsonApi, pypiProjectUrl } from './pypi-index.ts'

export interface UpstreamSettings {
  readonly env: NodeJS.ProcessEnv
  readonly timeoutMs: number
}

/** Every version string the upstream lists (GitHub: the versions its tags name). */
export async function upstreamReleases(
  upstream: Upstream,
  { env, timeoutMs }: UpstreamSettings,
): Promise<string[]> {
  if ('github' in upstream) {
    const tags = await githubTags(upstream.github, {
      apiUrl: env.GITHUB_API_URL || PUBLIC_GITHUB_API,
      ...(env.GITHUB_TOKEN ? { token: env.GITHUB_TOKEN } : {}),
      timeoutMs,
    })
    return tags
      .map((tag) => versionOfTag(tag, upstream.tagPattern))
      .filter((version): version is string => version !== null)
  }
  if ('npm' in upstream) {
    const registry = await npmRegistry(env)
    const packument = await fetchJson(packumentUrl(registry, upstream.npm), {
      // The abbreviated document lists the versions without their readmes.
      headers: { accept: 'application/vnd.npm.install-v1+json' },
      timeoutMs,
    })
    return Object.keys(objectAt(packument, 'versions', upstream.npm))
  }
  if ('pypi' in upstream) {
    const answer = await fetchJson(pypiProjectUrl(await pypiJsonApi(env), upstream.pypi), {
      timeoutMs,
    })
    return Object.keys(objectAt(answer, 'releases', upstream.pypi))
  }
  return helmChartVersions(upstream.helm.repository, upstream.helm.chart, timeoutMs)
}

/** The chart versions a Helm repository's index.yaml lists for `chart`. */
export async function helmChartVersions(
  repository: string,
  chart: string,
  timeoutMs: number,
): Promise<string[]> {
  const url = `${repository.replace(/\/+$/, '')}/index.yaml`
  const text = await (await fetchUpstream(url, { timeoutMs })).text()
  let index: unknown
  try {
    index = parse(text, { maxAliasCount: 100 })
  } catch (error) {
    throw new UpstreamError(`${url} is not YAML: ${(error as Error).message.split('\n')[0]}`)
  }
  const entries = objectAt(index, 'entries', url)
  const releases = entries[chart]
  if (!Array.isArray(releases)) throw new UpstreamError(`${url} lists no chart '${chart}'`)
  return releases
    .map((release) => (release as { version?: unknown })?.version)
    .filter((version): version is string => typeof version === 'string')
}

function objectAt(value: unknown, field: string, what: string): Record<string, unknown> {
  const inner = (value as Record<string, unknown> | null)?.[field]
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    throw new UpstreamError(`the answer for ${what} has no '${field}' object`)
  }
  return inner as Record<string, unknown>
}
