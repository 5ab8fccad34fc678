/**
 * What `compat import helm-index|npm|pypi` was asked to do: its arguments checked, every
 * mistake a usage error, before anything is read or fetched.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseTagRule, type TagNaming, type TagRule } from '../data/import/packaging-metadata.ts'
import type { CliContext } from './cli-context.ts'
import { usageError } from './cli-error.ts'
import { IMPORT_OPTIONS } from './help/import-help.ts'
import type { ImportValues } from './import-arguments.ts'
import type { PackagingFormat } from './packaging-formats.ts'
import { parseTimeoutMs } from './parse-timeout.ts'
import { readToday } from './read-today.ts'

/** A registry or a repository may be slow to send a large document. */

export interface ImportRequest {
  readonly format: PackagingFormat
  /** Packages, URLs or saved files, as given. */
  readonly inputs: readonly string[]
  /** `--out`: the directory holding (or to hold) `<id>.yaml`. */
  readonly out: string
  /** `--project`: the id, when the published name does not make one. */
  readonly project: string | undefined
  /** `--chart`: the chart to read from a Helm index; required for helm-index. */
  readonly chart: string | undefined
  readonly today: string
  readonly timeoutMs: number
  /** `--source-url`: a pinned address per version (`{version}`). */
  readonly sourceUrl: string | null
  /** `--tag` and `--tags-from`. */
  readonly tags: TagNaming
  /** What a new project document takes from the command line before the metadata. */
  readonly newProject: {
    readonly name?: string
    readonly website?: string
    readonly category?: string[]
  }
}

/** The request of `compat import FORMAT POSITIONALS…`, its flags parsed by parseImportArguments. */
export async function readImportRequest(
  format: PackagingFormat,
  positionals: readonly string[],
  values: ImportValues,
  context: CliContext,
): Promise<ImportRequest> {
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
  checkAddresses(values['source-url'], values.website)
  return {
    format,
    inputs: [...positionals],
    out: values.out,
    project: values.project,
    chart: values.chart,
    today: readToday(context.env),
    timeoutMs: parseTimeoutMs('import', values.timeout, IMPORT_OPTIONS.timeout.defaultSeconds),
    sourceUrl: values['source-url'] ?? null,
    tags: await tagNaming(values.tag ?? ['v{version}'], values['tags-from'], context),
    newProject: { name: values.name, website: values.website, category: values.category },
  }
}

/** `--source-url` pins each release by `{version}`; both it and `--website` are web addresses. */
function checkAddresses(sourceUrl: string | undefined, website: string | undefined): void {
  if (sourceUrl !== undefined && !sourceUrl.includes('{version}')) {
    throw usageError(
      'import',
      `--source-url '${sourceUrl}' must contain {version}, so that each release is cited where it was published`,
    )
  }
  if (sourceUrl !== undefined && !/^https?:\/\/\S+$/.test(sourceUrl)) {
    throw usageError('import', `--source-url '${sourceUrl}' must be an http or https address`)
  }
  if (website !== undefined && !/^https?:\/\/\S+$/.test(website)) {
    throw usageError('import', `--website '${website}' must be an http or https address`)
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
