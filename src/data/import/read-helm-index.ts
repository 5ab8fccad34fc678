/**
 * A Helm chart's releases from its repository's index.yaml (or from Chart.yaml files read at
 * the chart's tags): each version's `kubeVersion` as a `kubernetes` entry, cited to the chart
 * archive with its digest, or to the `--source-url` a Chart.yaml was read at.
 */
import type { Static } from 'typebox'
import { parse } from 'yaml'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import { convertHelmConstraint, hasPreZero, PRE_ZERO_REMARK } from './convert-helm-constraint.ts'
import {
  ChartEntrySchema,
  ChartFileSchema,
  ChartIndexSchema,
  ChartListSchema,
} from './helm-chart-schema.ts'
import {
  fillTemplate,
  isPreRelease,
  nonBlankText,
  type ProjectMetadata,
  publishedDay,
  type ReadMetadata,
} from './packaging-metadata.ts'
import type { DeclaredFact, PublishedRelease } from './release-line-keys.ts'
import {
  faultLines,
  formatShapeFaults,
  pointerTo,
  type ReadShape,
  shapeReader,
} from './shape-reader.ts'

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

const readIndex = shapeReader(ChartIndexSchema)
const readChartList = shapeReader(ChartListSchema)
const readChartFile = shapeReader(ChartFileSchema)
const readChart = shapeReader(ChartEntrySchema)

type Chart = Static<typeof ChartEntrySchema>

export function readHelmCharts(inputs: readonly HelmInput[], options: HelmOptions): ReadMetadata {
  const releases: PublishedRelease[] = []
  const leftOut: string[] = []
  let preReleases = 0
  let newest: Version | null = null
  let project: ProjectMetadata | null = null
  for (const input of inputs) {
    const charts = chartsIn(input, options.chart)
    if ('error' in charts) return { ok: false, error: charts.error }
    for (const read of charts.charts) {
      leftOut.push(...faultLines(input.from, read))
      const chart = read.value
      if (chart === undefined) continue
      const version = chart.version.trim()
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
        name: nonBlankText(chart.name) ?? options.chart,
        website: nonBlankText(chart.home),
        description: nonBlankText(chart.description),
        keywords: chart.keywords ?? [],
      }
      const source = chartSource(chart, version, input, options)
      if ('error' in source) {
        leftOut.push(`Chart ${options.chart} ${version}: ${source.error}; left out`)
        continue
      }
      const kubeVersion = nonBlankText(chart.kubeVersion)
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
      releases.push({
        version,
        facts,
        source: { ...source, accessedAt: options.today },
        ...publishedDay(chart.created),
      })
    }
  }
  if (project === null)
    return { ok: false, error: `no version of chart '${options.chart}' could be read` }
  return { ok: true, project, releases, preReleases, leftOut }
}

/**
 * The versions of `chart` an input holds, each read with its faults: all the versions an
 * index lists for it, or the one a Chart.yaml is.
 */
function chartsIn(
  input: HelmInput,
  chart: string,
): { charts: ReadShape<Chart>[] } | { error: string } {
  let document: unknown
  try {
    document = parse(input.text, { maxAliasCount: 1000 })
  } catch (error) {
    return { error: `${input.from} is not YAML (${(error as Error).message.split('\n')[0]})` }
  }
  // Only an index has `entries`; a Chart.yaml has no such field. Own fields only: a list
  // inherits an `entries` method.
  if (typeof document === 'object' && document !== null && Object.hasOwn(document, 'entries')) {
    const index = readIndex(document)
    if (index.value === undefined) {
      return { error: `${input.from} is not a chart index: ${formatShapeFaults(index.faults)}` }
    }
    const { entries } = index.value
    if (entries[chart] === undefined) {
      const names = Object.keys(entries).sort()
      const some = names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', ')
      return { error: `${input.from} lists no chart '${chart}'; it lists ${some || 'none'}` }
    }
    const at = pointerTo('', 'entries', chart)
    const listed = readChartList(entries[chart], at)
    if (listed.value === undefined) {
      return { error: `${input.from} is not a chart index: ${formatShapeFaults(listed.faults)}` }
    }
    return { charts: listed.value.map((entry, i) => readChart(entry, pointerTo(at, i))) }
  }
  const file = readChartFile(document)
  if (file.value === undefined) {
    return {
      error: `${input.from} is neither an index.yaml (no 'entries') nor a Chart.yaml: ${formatShapeFaults(file.faults)}`,
    }
  }
  if (nonBlankText(file.value.name) !== chart) {
    return {
      error: `${input.from} is the Chart.yaml of '${nonBlankText(file.value.name)}', not '${chart}'`,
    }
  }
  return { charts: [file] }
}

function chartSource(
  chart: Chart,
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
  const first = chart.urls?.[0]
  if (first === undefined) return { error: 'no chart archive to cite (pass --source-url)' }
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
  const digest = nonBlankText(chart.digest)
  const title = `${options.chart} ${version} chart archive${digest === null ? '' : ` (sha256 ${digest})`}`
  return { title, url }
}
