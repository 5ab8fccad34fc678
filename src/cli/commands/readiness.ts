/**
 * `compat readiness --from FILE… --target NAME=VERSION`: can every package of a dependency
 * tree take a runtime or package version, from what each declares (docs/cli.md, "Readiness")?
 * The files are read here; the registry npm (or pip) is configured for is asked for what they
 * do not tell and where each blocker could move, unless `--offline` (then the cache only).
 */
import { dirname, resolve } from 'node:path'
import type { ReadinessAnswer } from '../../core/readiness/readiness-answer.ts'
import { escapeControlCharacters } from '../../core/text/excerpt.ts'
import { displayPath } from '../../data/display-path.ts'
import {
  type EcosystemPackage,
  packagesOfFile,
} from '../../data/readiness-inputs/packages-of-file.ts'
import { answerReadiness } from '../../registry/answer-readiness.ts'
import { RegistryClient } from '../../registry/registry-client.ts'
import { describeReadiness } from '../../report/describe-readiness.ts'
import { offlineDataset } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { READINESS_OPTIONS } from '../help/readiness-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { parseTimeoutMs } from '../parse-timeout.ts'
import { readDateOption } from '../read-date-option.ts'
import { includeReader, NOT_TEXT, problemLines, readFromFileText } from '../read-from-files.ts'

const OPTIONS = READINESS_OPTIONS

export interface ReadFile {
  /** As shown: relative to the working directory when inside it. */
  readonly file: string
  readonly path: string
  readonly format: string
  readonly packages: readonly EcosystemPackage[]
  readonly others: number
}

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('readiness', args, OPTIONS, true)
  if (positionals.length > 0) {
    throw usageError('readiness', `unexpected argument '${positionals[0]}'; give files with --from`)
  }
  const files = values.from ?? []
  if (files.length === 0) {
    throw usageError('readiness', 'give the files to read, e.g. --from package-lock.json')
  }
  const target = readTarget(values.target)
  const date = readDateOption('readiness', values.date, context.env)
  const timeoutMs = parseTimeoutMs('readiness', values.timeout, OPTIONS.timeout.defaultSeconds)
  const read = await readFiles(files, context)
  if (read === null) return ExitCode.error
  const dataset = await offlineDataset('readiness', values.data, context)
  // npm's fetch library loads at the client's first request: a lockfile that declares
  // everything, read offline, never loads it (docs/performance.md, "Readiness").
  const client = new RegistryClient({
    env: context.env,
    projectDir: dirname((read[0] as ReadFile).path),
    offline: values.offline === true,
    timeoutMs,
  })
  const outcome = await answerReadiness({
    packages: read.flatMap((file) => file.packages),
    ...target,
    date,
    dataset,
    client,
  })
  if ('error' in outcome) {
    const { field, reason, nearest } = outcome.error
    const near = nearest.length === 0 ? '' : `; nearest: ${nearest.join(', ')}`
    throw new CliError(`--target ${field === 'name' ? 'NAME' : 'VERSION'}: ${reason}${near}`)
  }
  const { answer } = outcome
  if (values.json === true) context.out(JSON.stringify(answer))
  else for (const line of describeReadiness(answer, read)) context.out(line)
  return exitCode(answer)
}

function exitCode(answer: ReadinessAnswer): number {
  return answer.verdict === 'ready' ? ExitCode.ok : ExitCode.incompatible
}

/** `NAME=VERSION`, split at the first `=`. */
function readTarget(text: string | undefined): { readonly name: string; readonly version: string } {
  if (text === undefined) {
    throw usageError(
      'readiness',
      'give the target, e.g. --target nodejs=24 or --target react=19.0.0',
    )
  }
  const equals = text.indexOf('=')
  const name = equals === -1 ? '' : text.slice(0, equals).trim()
  const version = equals === -1 ? '' : text.slice(equals + 1).trim()
  if (name === '' || version === '') {
    throw usageError('readiness', `--target '${text}' must be NAME=VERSION, e.g. nodejs=24`)
  }
  return { name, version }
}

/** Every file's packages; null when one breaks its format (each fault is on stderr). */
async function readFiles(
  files: readonly string[],
  context: CliContext,
): Promise<ReadFile[] | null> {
  const read: ReadFile[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  for (const file of files) {
    const path = resolve(context.cwd, file)
    const shown = displayPath(path, context.cwd)
    if (seen.has(path)) throw usageError('readiness', `--from ${shown} is given twice`)
    seen.add(path)
    // Only a regular file of at most 4 MiB, as for compat stack --from (read-regular-file.ts).
    const text = readFromFileText(path, shown)
    if (text === null) {
      problems.push(`compat readiness: ${escapeControlCharacters(shown)} ${NOT_TEXT}`)
      continue
    }
    const found = packagesOfFile(text, shown, { readInclude: includeReader(context.cwd) })
    if (found.ok) read.push({ file: shown, path, ...found.file })
    else problems.push(...problemLines('readiness', shown, found))
  }
  if (problems.length === 0) return read
  for (const line of problems) context.err(line)
  return null
}
