/**
 * The packaging metadata `compat import helm-index|npm|pypi` reads: fetched from the registry
 * or repository the package tool is configured for, or read from saved files, then read by
 * the format's reader. Anything that cannot be read is one error line.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Upstream } from '../core/dataset/schema.ts'
import { displayPath } from '../data/display-path.ts'
import type { ReadMetadata } from '../data/import/packaging-metadata.ts'
import { type HelmInput, readHelmCharts } from '../data/import/read-helm-index.ts'
import { readPackument } from '../data/import/read-packument.ts'
import { readPypiJson } from '../data/import/read-pypi-json.ts'
import { fetchUpstream, UpstreamError } from '../registry/fetch-upstream.ts'
import { npmRegistry, packumentUrl } from '../registry/npm-registry.ts'
import { pypiJsonApi, pypiProjectUrl } from '../registry/pypi-index.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'
import type { PackagingFormat } from './packaging-formats.ts'
import type { ImportRequest } from './read-import-request.ts'

export interface PublishedMetadata {
  readonly metadata: Extract<ReadMetadata, { ok: true }>
  /** The name the project publishes under, for `upstream` and the default id. */
  readonly published: string
  readonly upstream: Upstream | null
}

type Read = Omit<PublishedMetadata, 'metadata'> & { readonly metadata: ReadMetadata }

export function readPublishedMetadata(
  request: ImportRequest,
  context: CliContext,
): Promise<PublishedMetadata> {
  return readOrExplain(() =>
    request.format === 'helm-index'
      ? readHelmRepository(request, context)
      : readPackage(request.format, request, context),
  )
}

/**
 * The metadata where a project's `upstream` publishes its releases (`compat refresh`): always
 * the registry or repository, never a file that happens to share the package's name.
 */
export function readUpstreamMetadata(
  upstream: Upstream,
  request: Pick<ImportRequest, 'today' | 'tags' | 'sourceUrl' | 'timeoutMs'>,
  context: CliContext,
): Promise<PublishedMetadata> {
  return readOrExplain(async () => {
    if ('helm' in upstream) {
      const { repository, chart } = upstream.helm
      return readHelmRepository({ ...request, chart, inputs: [repository] }, context)
    }
    if ('github' in upstream) throw new CliError('GitHub tags carry no packaging metadata')
    const [format, name]: ['npm' | 'pypi', string] =
      'npm' in upstream ? ['npm', upstream.npm] : ['pypi', upstream.pypi]
    const text = await fetchRegistryAnswer(format, name, context, request.timeoutMs)
    return readAnswer(format, text, name, name, request)
  })
}

async function readOrExplain(read: () => Promise<Read>): Promise<PublishedMetadata> {
  let answer: Read
  try {
    answer = await read()
  } catch (error) {
    if (error instanceof UpstreamError) throw new CliError(`${error.message}; nothing written`)
    throw error
  }
  const { metadata } = answer
  if (!metadata.ok) throw new CliError(`${metadata.error}; nothing written`)
  return { ...answer, metadata }
}

/** The chart's versions from index.yaml files (fetched or saved) or Chart.yaml files. */
async function readHelmRepository(
  request: Pick<ImportRequest, 'chart' | 'inputs' | 'today' | 'sourceUrl' | 'timeoutMs'>,
  context: CliContext,
): Promise<Read> {
  const chart = request.chart as string
  const inputs = await Promise.all(
    request.inputs.map((input) => readHelmInput(input, context, request.timeoutMs)),
  )
  // One index names the repository the project is published in; several inputs do not.
  const repository = inputs.length === 1 ? (inputs[0]?.repository ?? null) : null
  const { today, sourceUrl } = request
  return {
    metadata: readHelmCharts(inputs, { chart, today, sourceUrl }),
    published: chart,
    upstream: repository === null ? null : { helm: { repository, chart } },
  }
}

/** One npm package document or PyPI JSON answer, fetched or saved. */
async function readPackage(
  format: 'npm' | 'pypi',
  request: ImportRequest,
  context: CliContext,
): Promise<Read> {
  const input = request.inputs[0] as string
  const file = savedFile(input, context)
  const text =
    file !== null
      ? await readFile(file, 'utf8')
      : await fetchRegistryAnswer(format, input, context, request.timeoutMs)
  const from = file !== null ? displayPath(file, context.cwd) : input
  const name = file !== null ? (nameInAnswer(format, text) ?? input) : input
  return readAnswer(format, text, from, name, request)
}

/** A registry answer read by its format's reader. */
function readAnswer(
  format: 'npm' | 'pypi',
  text: string,
  from: string,
  name: string,
  request: Pick<ImportRequest, 'today' | 'tags' | 'sourceUrl'>,
): Read {
  const options = { name, today: request.today, tags: request.tags, sourceUrl: request.sourceUrl }
  return {
    metadata:
      format === 'npm' ? readPackument(text, from, options) : readPypiJson(text, from, options),
    published: name,
    upstream: format === 'npm' ? { npm: name } : { pypi: name },
  }
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

async function readHelmInput(
  input: string,
  context: CliContext,
  timeoutMs: number,
): Promise<HelmInput> {
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
