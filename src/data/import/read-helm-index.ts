/**
 * A Helm chart's releases from its repository's index.yaml (or from Chart.yaml files read at
 * the chart's tags): each version's `kubeVersion` as a `kubernetes` entry, cited to the chart
 * archive with its digest, or to the `--source-url` a Chart.yaml was read at.
 */
import { parse } from 'yaml'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import { convertHelmConstraint, hasPreZero, PRE_ZERO_REMARK } from './convert-helm-constraint.ts'
import {
  fillTemplate,
  isObject,
  isPreRelease,
  type ProjectMetadata,
  type ReadMetadata,
  stringAt,
} from './packaging-metadata.ts'
import type { DeclaredFact, PublishedRelease } from './release-line-keys.ts'

export interface HelmInput {
  /** The text of an index.yaml or a Chart.yaml. */
  readonly text: string
  /** Where the text was read, for messages. */
  readonly from: string
  /** The repository's address, to resolve archive URLs the index writes relative; null for a file. */
  readonly repository: string | null
}

export interface HelmOptions {
  readonly chart: string
  readonly today: string
  /** A pinned address per version (`{version}`), for Chart.yaml files and indexes without archive URLs. */
  readonly sourceUrl: string | null
}

export function readHelmCharts(inputs: readonly HelmInput[], options: HelmOptions): ReadMetadata {
  const releases: PublishedRelease[] = []
  const leftOut: string[] = []
  let preReleases = 0
  let newest: Version | null = null
  let project: ProjectMetadata | null = null
  for (const input of inputs) {
    let document: unknown
    try {
      document = parse(input.text, { maxAliasCount: 1000 })
    } catch (error) {
      return {
        ok: false,
        error: `${input.from} is not YAML (${(error as Error).message.split('\n')[0]})`,
      }
    }
    if (!isObject(document))
      return { ok: false, error: `${input.from} is neither an index.yaml nor a Chart.yaml` }
    let charts: unknown[]
    if ('entries' in document) {
      const entries = document.entries
      if (!isObject(entries))
        return { ok: false, error: `${input.from}: 'entries' is not a map of charts` }
      const listed = entries[options.chart]
      if (!Array.isArray(listed)) {
        const names = Object.keys(entries).sort()
        const some = names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', ')
        return {
          ok: false,
          error: `${input.from} lists no chart '${options.chart}'; it lists ${some || 'none'}`,
        }
      }
      charts = listed
    } else if (stringAt(document, 'version') !== null && stringAt(document, 'name') !== null) {
      if (stringAt(document, 'name') !== options.chart) {
        return {
          ok: false,
          error: `${input.from} is the Chart.yaml of '${stringAt(document, 'name')}', not '${options.chart}'`,
        }
      }
      charts = [document]
    } else {
      return {
        ok: false,
        error: `${input.from} is neither an index.yaml (no 'entries') nor a Chart.yaml (no name and version)`,
      }
    }
    for (const chart of charts) {
      const version = stringAt(chart, 'version')
      if (version === null) {
        leftOut.push(`${input.from}: a '${options.chart}' entry without a version; left out`)
        continue
      }
      if (isPreRelease(version)) {
        preReleases++
        continue
      }
      // The newest chart describes the project best, whatever order the inputs came in.
      const parsed = parseVersion(version)
      if (parsed !== null && (newest === null || compareVersions(parsed, newest) > 0)) {
        newest = parsed
        project = null
      }
      project ??= {
        name: stringAt(chart, 'name') ?? options.chart,
        website: stringAt(chart, 'home'),
        description: stringAt(chart, 'description'),
        keywords:
          isObject(chart) && Array.isArray(chart.keywords)
            ? chart.keywords.filter((k) => typeof k === 'string')
            : [],
      }
      const source = chartSource(chart, version, input, options)
      if ('error' in source) {
        leftOut.push(`Chart ${options.chart} ${version}: ${source.error}; left out`)
        continue
      }
      const kubeVersion = stringAt(chart, 'kubeVersion')
      const facts: DeclaredFact[] =
        kubeVersion === null
          ? []
          : [
              {
                dependency: 'kubernetes',
                field: 'kubeVersion',
                declared: kubeVersion,
                relationship: 'platform',
                converted: convertHelmConstraint(kubeVersion),
                ...(hasPreZero(kubeVersion) ? { remark: PRE_ZERO_REMARK } : {}),
              },
            ]
      releases.push({ version, facts, source: { ...source, accessedAt: options.today } })
    }
  }
  if (project === null)
    return { ok: false, error: `no version of chart '${options.chart}' could be read` }
  return { ok: true, project, releases, preReleases, leftOut }
}

function chartSource(
  chart: unknown,
  version: string,
  input: HelmInput,
  options: HelmOptions,
): { title: string; url: string } | { error: string } {
  if (options.sourceUrl !== null) {
    return {
      title: `${options.chart} ${version} Chart.yaml`,
      url: fillTemplate(options.sourceUrl, version),
    }
  }
  const urls = isObject(chart) && Array.isArray(chart.urls) ? chart.urls : []
  const first = typeof urls[0] === 'string' ? urls[0] : null
  if (first === null) return { error: 'no chart archive to cite (pass --source-url)' }
  let url: string
  try {
    url = new URL(
      first,
      input.repository === null ? undefined : `${input.repository.replace(/\/+$/, '')}/`,
    ).href
  } catch {
    return {
      error: `its archive address '${first}' is relative and the index was read from a file (pass --source-url)`,
    }
  }
  const digest = stringAt(chart, 'digest')
  const title = `${options.chart} ${version} chart archive${digest === null ? '' : ` (sha256 ${digest})`}`
  return { title, url }
}
