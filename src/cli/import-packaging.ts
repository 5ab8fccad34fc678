/**
 * `compat import helm-index|npm|pypi`: version keys from packaging metadata (data/README.md,
 * "Import from packaging metadata"), read from the registry or repository the package tool is
 * configured for, or from saved files; merged into `--out DIR/<id>.yaml` (entries the importer
 * owns only) or written as a new project. The result is validated before anything is written.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ID_PATTERN, type ProjectDocument, type Upstream } from '../core/dataset/schema.ts'
import { checkDataFile } from '../data/check-data-file.ts'
import { displayPath } from '../data/display-path.ts'
import { formatFault } from '../data/format-fault.ts'
import { describeRanges, mergeImportedVersions } from '../data/import/merge-imported-versions.ts'
import {
  keywordCategories,
  parseTagRule,
  type ReadMetadata,
  type TagNaming,
  type TagRule,
} from '../data/import/packaging-metadata.ts'
import { readHelmCharts } from '../data/import/read-helm-index.ts'
import { readPackument } from '../data/import/read-packument.ts'
import { normalizedPypiName, readPypiJson } from '../data/import/read-pypi-json.ts'
import { type Importer, releaseLineKeys } from '../data/import/release-line-keys.ts'
import { projectFileText } from '../data/import/write-project-file.ts'
import { fetchUpstream, UpstreamError } from '../data/upstream/fetch-upstream.ts'
import { npmRegistry, packumentUrl } from '../data/upstream/npm-registry.ts'
import { pypiJsonApi, pypiProjectUrl } from '../data/upstream/pypi-index.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { ExitCode } from './exit-codes.ts'
import { countOf } from './format-text.ts'
import { parseCommandArgs } from './parse-command-args.ts'
import { parseTimeoutMs } from './parse-timeout.ts'
import { readToday } from './read-today.ts'

export const PACKAGING_FORMATS = ['helm-index', 'npm', 'pypi'] as const
export type PackagingFormat = (typeof PACKAGING_FORMATS)[number]

const OPTIONS = {
  out: { type: 'string' },
  project: { type: 'string' },
  chart: { type: 'string' },
  tag: { type: 'string', multiple: true },
  'tags-from': { type: 'string' },
  'source-url': { type: 'string' },
  name: { type: 'string' },
  website: { type: 'string' },
  category: { type: 'string', multiple: true },
  timeout: { type: 'string' },
} as const

interface Read {
  readonly metadata: ReadMetadata
  /** The name the project publishes under, for `upstream` and the default id. */
  readonly published: string
  readonly upstream: Upstream | null
}

export async function runPackagingImport(
  format: PackagingFormat,
  args: readonly string[],
  context: CliContext,
): Promise<number> {
  const { values, positionals } = parseCommandArgs('import', args, OPTIONS, true)
  if (positionals.length === 0) {
    throw usageError(
      'import',
      `name what to import: ${format === 'helm-index' ? 'an index.yaml URL or file, or Chart.yaml files' : `a ${format} package or a saved answer`}`,
    )
  }
  if (format !== 'helm-index' && positionals.length > 1) {
    throw usageError(
      'import',
      `import ${format} reads one package at a time; got ${positionals.join(', ')}`,
    )
  }
  if (values.out === undefined || values.out === '') {
    throw usageError(
      'import',
      '--out DIR is required: the directory holding (or to hold) <id>.yaml',
    )
  }
  if (format === 'helm-index' && !values.chart)
    throw usageError('import', '--chart NAME is required: the chart to read from the index')
  if (format === 'helm-index' && values.tag !== undefined)
    throw usageError(
      'import',
      '--tag is for npm and pypi; a chart is cited to its archive or --source-url',
    )
  for (const [flag, template] of [['--source-url', values['source-url']]] as const) {
    if (template !== undefined && !template.includes('{version}')) {
      throw usageError(
        'import',
        `${flag} '${template}' must contain {version}, so that each release is cited where it was published`,
      )
    }
  }
  if (values['source-url'] !== undefined && !/^https?:\/\/\S+$/.test(values['source-url'])) {
    throw usageError(
      'import',
      `--source-url '${values['source-url']}' must be an http or https address`,
    )
  }
  if (values.website !== undefined && !/^https?:\/\/\S+$/.test(values.website)) {
    throw usageError('import', `--website '${values.website}' must be an http or https address`)
  }
  const today = readToday(context.env)
  const timeoutMs = parseTimeoutMs('import', values.timeout, 60)
  const sourceUrl = values['source-url'] ?? null
  const tags = await tagNaming(values.tag ?? ['v{version}'], values['tags-from'], context)

  let read: Read
  try {
    if (format === 'helm-index') {
      const chart = values.chart as string
      const inputs = await Promise.all(
        positionals.map((input) => readHelmInput(input, context, timeoutMs)),
      )
      const repository = inputs.length === 1 ? (inputs[0]?.repository ?? null) : null
      read = {
        metadata: readHelmCharts(inputs, { chart, today, sourceUrl }),
        published: chart,
        upstream: repository === null ? null : { helm: { repository, chart } },
      }
    } else {
      const input = positionals[0] as string
      const file = savedFile(input, context)
      const text =
        file !== null
          ? await readFile(file, 'utf8')
          : await fetchRegistryAnswer(format, input, context, timeoutMs)
      const from = file !== null ? displayPath(file, context.cwd) : input
      const name = file !== null ? (nameInAnswer(format, text) ?? input) : input
      const options = { name, today, tags, sourceUrl }
      read = {
        metadata:
          format === 'npm' ? readPackument(text, from, options) : readPypiJson(text, from, options),
        published: name,
        upstream: format === 'npm' ? { npm: name } : { pypi: name },
      }
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw new CliError(`${error.message}; nothing written`)
    throw error
  }
  if (!read.metadata.ok) throw new CliError(`${read.metadata.error}; nothing written`)
  const { project, releases, preReleases, leftOut: unreadable } = read.metadata

  const id = values.project ?? defaultId(format, read.published)
  if (id === null || !new RegExp(ID_PATTERN).test(id)) {
    throw usageError(
      'import',
      `${values.project === undefined ? `'${read.published}' cannot be a project id` : `--project '${id}' is not a lowercase slug`}; pass --project ID`,
    )
  }
  const importer: Importer = format
  const subject = format === 'helm-index' ? `Chart ${read.published}` : read.published
  const keys = releaseLineKeys(releases, { importer, today, subject })
  const leftOut = [...unreadable, ...keys.leftOut]

  const outDir = resolve(context.cwd, values.out)
  await mkdir(outDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw usageError('import', `--out ${values.out}: ${error.code ?? error.message}`)
  })
  const file = join(outDir, `${id}.yaml`)
  const shown = displayPath(file, context.cwd)
  if (existsSync(join(outDir, `${id}.json`))) {
    throw new CliError(
      `${displayPath(join(outDir, `${id}.json`), context.cwd)} exists; the importers merge into YAML files only; nothing written`,
    )
  }
  let text: string
  let lines: string[]
  let counts: string
  if (existsSync(file)) {
    const merged = mergeImportedVersions(await readFile(file, 'utf8'), keys.versions, importer)
    if ('error' in merged) throw new CliError(`${shown}: ${merged.error}; nothing written`)
    const { report } = merged
    text = merged.text
    lines = [
      ...report.added.map((line) => `added ${line}`),
      ...report.changed.map((line) => `changed ${line}`),
      ...report.removed.map((line) => `removed ${line} (no longer declared)`),
      ...report.leftAlone.map((line) => `left alone ${line}`),
    ]
    counts = `${report.added.length} added, ${report.changed.length} changed, ${report.removed.length} removed, ${report.unchanged} unchanged, ${report.leftAlone.length} left alone for hand-written entries`
  } else {
    const document = newDocument(id, read, project, keys.versions, values, format)
    text = projectFileText(document)
    const entries = Object.entries(keys.versions).flatMap(([key, version]) =>
      Object.entries(version.dependencies).map(
        ([dependency, entry]) => `${key} ${dependency} ${describeRanges(entry)}`,
      ),
    )
    lines = entries.map((line) => `added ${line}`)
    counts = `new project, ${countOf(entries.length, 'entry', 'entries')} added`
  }
  const check = checkDataFile(file, id, text)
  if (check.faults.length > 0) {
    for (const fault of check.faults) context.err(formatFault(fault, context.cwd))
    throw new CliError(`the result would not validate (above); nothing written to ${shown}`)
  }
  await writeFile(file, text)
  for (const line of lines) context.out(line)
  for (const line of leftOut) context.out(`left out ${line}`)
  const skippedCount = preReleases + keys.preReleases
  const skipped = skippedCount === 0 ? '' : `; ${countOf(skippedCount, 'pre-release')} skipped`
  context.out(
    `wrote ${shown}: ${countOf(keys.releases, 'release')} read${skipped}; ${counts}; ${countOf(leftOut.length, 'item')} left out`,
  )
  return leftOut.length > 0 ? ExitCode.partial : ExitCode.ok
}

function newDocument(
  id: string,
  read: Read,
  project: {
    name: string
    website: string | null
    description: string | null
    keywords: readonly string[]
  },
  versions: ProjectDocument['versions'],
  values: { name?: string; website?: string; category?: string[] },
  format: PackagingFormat,
): ProjectDocument {
  const website = values.website ?? project.website
  if (website === null || !/^https?:\/\/\S+$/.test(website)) {
    throw usageError(
      'import',
      `the ${format} metadata names no website for a new project; pass --website URL`,
    )
  }
  const categories = values.category ?? keywordCategories(project.keywords)
  if (categories.length === 0) {
    throw usageError(
      'import',
      `the ${format} metadata has no keywords to use as categories for a new project; pass --category NAME (repeatable)`,
    )
  }
  const description = project.description?.replace(/\s+/g, ' ')
  return {
    id,
    name: values.name ?? project.name,
    // A longer text is a readme, not the one sentence a description is.
    ...(description !== undefined && description.length <= 300 ? { description } : {}),
    categories,
    website,
    ...(read.upstream === null ? {} : { upstream: read.upstream }),
    versions,
  }
}

async function tagNaming(
  written: readonly string[],
  tagsFrom: string | undefined,
  context: CliContext,
): Promise<TagNaming> {
  const rules: TagRule[] = []
  for (const text of written) {
    const rule = parseTagRule(text)
    if ('error' in rule) throw usageError('import', rule.error)
    rules.push(rule)
  }
  if (tagsFrom === undefined) return { rules, known: null }
  let text: string
  try {
    text = await readFile(resolve(context.cwd, tagsFrom), 'utf8')
  } catch (error) {
    throw usageError(
      'import',
      `--tags-from ${tagsFrom}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    )
  }
  const known = new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  )
  if (known.size === 0) throw usageError('import', `--tags-from ${tagsFrom} lists no tags`)
  return { rules, known }
}

function defaultId(format: PackagingFormat, published: string): string | null {
  const id = format === 'pypi' ? normalizedPypiName(published) : published.toLowerCase()
  return new RegExp(ID_PATTERN).test(id) ? id : null
}

/** The path of a saved answer, when the argument names an existing file. */
function savedFile(input: string, context: CliContext): string | null {
  const path = resolve(context.cwd, input)
  if (existsSync(path)) return path
  if (/\.(json|ya?ml)$/i.test(input)) throw new CliError(`${input}: no such file; nothing written`)
  return null
}

function nameInAnswer(format: PackagingFormat, text: string): string | null {
  try {
    const answer = JSON.parse(text) as { name?: unknown; info?: { name?: unknown } }
    const name = format === 'npm' ? answer.name : answer.info?.name
    return typeof name === 'string' ? name : null
  } catch {
    return null
  }
}

async function fetchRegistryAnswer(
  format: 'npm' | 'pypi',
  name: string,
  context: CliContext,
  timeoutMs: number,
): Promise<string> {
  const url =
    format === 'npm'
      ? packumentUrl(await npmRegistry(context.env), name)
      : pypiProjectUrl(await pypiJsonApi(context.env), name)
  return (await fetchUpstream(url, { timeoutMs })).text()
}

async function readHelmInput(input: string, context: CliContext, timeoutMs: number) {
  if (/^https?:\/\//.test(input)) {
    const repository = input.replace(/\/index\.yaml$/, '').replace(/\/+$/, '')
    const text = await (await fetchUpstream(`${repository}/index.yaml`, { timeoutMs })).text()
    return { text, from: `${repository}/index.yaml`, repository }
  }
  const path = resolve(context.cwd, input)
  try {
    return {
      text: await readFile(path, 'utf8'),
      from: displayPath(path, context.cwd),
      repository: null,
    }
  } catch (error) {
    throw new CliError(
      `${input}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'}); nothing written`,
    )
  }
}
