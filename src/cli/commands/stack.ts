/**
 * `compat stack FILE`: is a whole stack, written in a stack file, documented compatible with
 * itself (docs/cli.md, "Stack files")? And is each component's release line still supported on
 * a day? Offline or on a server. `compat stack --from FILE…`: the same for the stack derived
 * from files people already have (docs/cli.md, "Stacks from files"), or written as a stack file.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { formatName } from '../../api/file-format-names.ts'
import { MAX_DEPENDENCIES, MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../../api/request-limits.ts'
import type { StackAnswer, Verdict } from '../../api/response-schemas.ts'
import { SBOM_CONTENT_TYPES, type SbomContentType } from '../../api/sbom-content-types.ts'
import type { DerivedStackAnswer } from '../../core/stack/derived-stack-answer.ts'
import { evaluateStackAnswer } from '../../core/stack/stack-answer.ts'
import { displayPath } from '../../data/display-path.ts'
import { countOf, formatTable, shellQuote } from '../../report/format-text.ts'
import { describeEnded, describeSupport, supportSummary } from '../../report/support-words.ts'
import { answerQuestion, type Question } from '../answer-question.ts'
import { type AnswerSource, readAnswerSource } from '../answer-source.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { derivedStackFileText, existsError, writeStackFile } from '../derived-stack-file.ts'
import { describeDerived } from '../describe-derived.ts'
import { describePairs } from '../describe-pairs.ts'
import { ExitCode } from '../exit-codes.ts'
import { STACK_OPTIONS } from '../help/stack-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { readAnswer } from '../read-answer.ts'
import { readDateOption } from '../read-date-option.ts'
import { type FromFile, readFromFiles } from '../read-from-files.ts'
import { readStackFile } from '../read-stack-file.ts'
import { readToday } from '../read-today.ts'
import { askServer } from '../remote-check.ts'
import { withRootRuntime } from '../root-runtime.ts'
import { deriveStackFromFiles, fromArgs, stackPairs } from '../stack-from-files.ts'

const EXIT_CODE_OF_VERDICT: Readonly<Record<Verdict, number>> = {
  compatible: ExitCode.ok,
  incompatible: ExitCode.incompatible,
  unknown: ExitCode.unknown,
}

const OPTIONS = STACK_OPTIONS

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values']

/** Fields every stack answer has: a server's 200 without them is no compat server's. */
const STACK_FIELDS = ['compatible', 'pairs', 'resolved', 'date', 'support'] as const
const DERIVED_FIELDS = ['derivedFrom', 'matches', 'unmatched', 'duplicates'] as const

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('stack', args, OPTIONS, true)
  const [file, ...extra] = positionals
  if (extra.length > 0) throw usageError('stack', `unexpected argument '${extra[0]}'`)
  if (values.from !== undefined) {
    if (file !== undefined) {
      throw usageError('stack', `give a stack file or --from FILE, not both ('${file}')`)
    }
    return values.write === undefined
      ? checkFromFiles(values.from, values, context)
      : writeFromFiles(values.from, values.write, values, context)
  }
  if (values.write !== undefined || values.force !== undefined) {
    throw usageError(
      'stack',
      `--${values.write === undefined ? 'force' : 'write'} goes with --from: compat stack --from sbom.json --write stack.yaml`,
    )
  }
  if (file === undefined) {
    throw usageError(
      'stack',
      'give the stack file, e.g. compat stack stack.yaml, or the files to derive it from, e.g. compat stack --from sbom.json',
    )
  }
  const date = readDateOption('stack', values.date, context.env)
  const source = readAnswerSource('stack', values)
  const stack = await readStackFile('stack', file, context)
  if (stack === null) return ExitCode.error
  const components = stack.map(({ name, version }): [string, string] => [name, version])
  const result = await answerQuestion<StackAnswer>(
    stackQuestion(components, date),
    source,
    values,
    context,
  )
  return exitCode(result, values, context)
}

/** The stack's question, answered offline or by a server. */
function stackQuestion(
  components: readonly [string, string][],
  date: string,
): Question<StackAnswer> {
  return {
    command: 'stack',
    offline: (dataset) => evaluateStackAnswer(dataset, { components, date }),
    online: (client) => client.stack(components, { date }),
    fields: [...STACK_FIELDS],
    what: 'a stack answer',
    describe: describeStack,
  }
}

/** The verdict's exit code, or 1 for a compatible stack with --require-supported and an end of life. */
function exitCode(result: StackAnswer, values: Values, context: CliContext): number {
  const verdictCode = EXIT_CODE_OF_VERDICT[result.compatible] ?? ExitCode.error
  const ended = result.support.filter((item) => item.status === 'end-of-life')
  if (values['require-supported'] === true && verdictCode === ExitCode.ok && ended.length > 0) {
    context.err(
      `compat stack: end of life on ${result.date}: ${ended.map(describeEnded).join('; ')}; the stack is compatible, but --require-supported fails it`,
    )
    return ExitCode.endOfLife
  }
  return verdictCode
}

/**
 * `--from FILE…`: what the files derive, then the stack's answer. Offline, matched on the
 * CLI's dataset. With --url, one SBOM (and no --data) goes to the server as it is, to be matched
 * on the server's dataset; anything else is matched here and sent as a JSON stack.
 */
async function checkFromFiles(
  files: readonly string[],
  values: Values,
  context: CliContext,
): Promise<number> {
  if (values.force !== undefined) throw usageError('stack', '--force goes with --write')
  const date = readDateOption('stack', values.date, context.env)
  // --data with --url names the data the files are matched on here.
  const source = readAnswerSource('stack', { url: values.url, timeout: values.timeout })
  const found = await readFromFiles('stack', files, context)
  if (found === null) return ExitCode.error
  const read = await withRootRuntime(found)
  let why = ''
  if (source.server !== null) {
    const sbom =
      values.data === undefined ? sbomToSend(read) : { why: '--data names the data to match on' }
    if ('contentType' in sbom) return checkSbomOnServer(sbom, source, date, values, context)
    why = sbom.why
  }
  const derived = await deriveStackFromFiles('stack', read, values.data, context)
  const components = stackPairs(derived.components)
  let asked: AnswerSource = { server: null, dataFlag: values.data, dataset: derived.dataset }
  if (source.server !== null) {
    const count = components.length
    if (count > MAX_DEPENDENCIES) {
      throw new CliError(
        `the stack derived here (${why}) has ${count} components, and a JSON stack sent to a server holds at most ${MAX_DEPENDENCIES}; check it offline (without --url), or send one SBOM alone, which the server matches itself`,
      )
    }
    if (count === 0) {
      context.err(
        `compat stack: nothing matched a catalogued project on ${derived.data} (${why}), so there is nothing to ask ${source.server.href}; the empty stack is answered here`,
      )
    } else {
      context.err(
        `compat stack: matched here on ${derived.data} (${why}); the ${countOf(count, 'component')} derived go to ${source.server.href} as a JSON stack`,
      )
      asked = source
    }
  }
  const result = await answerQuestion<StackAnswer>(
    stackQuestion(components, date),
    asked,
    { ...values, verbose: values.verbose === true },
    context,
    derived.files,
  )
  return exitCode(result, values, context)
}

/** One SBOM, as it is, to the server, which matches it on its own dataset. */
async function checkSbomOnServer(
  sbom: SbomToSend,
  source: { readonly server: URL; readonly timeoutMs: number },
  date: string,
  values: Values,
  context: CliContext,
): Promise<number> {
  const { bytes, contentType, file } = sbom
  const body = await askServer(source.server, source.timeoutMs, (client) =>
    client.stackFromSbom(bytes, contentType, { date }),
  )
  const result = readAnswer<DerivedStackAnswer>(
    body,
    values.url,
    [...STACK_FIELDS, ...DERIVED_FIELDS],
    'a stack answer for an SBOM',
  )
  if (values.json === true) context.out(body)
  else {
    const { derivedFrom, matches, unmatched, duplicates } = result
    const files = [{ file, derivedFrom, matches, unmatched, duplicates }]
    const described = describeDerived(files, { verbose: values.verbose === true })
    for (const line of [...described, '', ...describeStack(result)]) {
      context.out(line)
    }
  }
  return exitCode(result, values, context)
}

interface SbomToSend {
  readonly file: string
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly contentType: SbomContentType
}

const CONTENT_TYPE_OF_FORMAT = Object.fromEntries(
  Object.entries(SBOM_CONTENT_TYPES).map(([type, format]) => [format, type as SbomContentType]),
) as Readonly<Record<string, SbomContentType>>

/** The one SBOM the server can read as it is, or why the files are matched here instead. */
function sbomToSend(read: readonly FromFile[]): SbomToSend | { readonly why: string } {
  const [only] = read
  if (read.length > 1 || only === undefined) {
    return { why: `${read.length} files: the server reads one SBOM` }
  }
  const contentType = CONTENT_TYPE_OF_FORMAT[only.stack.format]
  if (contentType === undefined) {
    return {
      why: `${only.file} is ${formatName(only.stack.format)}, and a server reads CycloneDX and SPDX SBOMs`,
    }
  }
  if (only.bytes.length > MAX_SBOM_BYTES) {
    return { why: `${only.file} is over the ${MAX_SBOM_TEXT} the server reads` }
  }
  return { file: only.file, bytes: only.bytes, contentType }
}

/** `--write FILE`: the derived stack as a stack file, checked by nothing. */
async function writeFromFiles(
  files: readonly string[],
  target: string,
  values: Values,
  context: CliContext,
): Promise<number> {
  for (const flag of ['json', 'url', 'timeout', 'date', 'require-supported'] as const) {
    if (values[flag] !== undefined) {
      throw usageError(
        'stack',
        `--write writes the stack file and checks nothing, so --${flag} does not apply; check the file afterwards with compat stack FILE`,
      )
    }
  }
  const path = resolve(context.cwd, target)
  const shown = displayPath(path, context.cwd)
  if (files.some((file) => resolve(context.cwd, file) === path)) {
    throw usageError('stack', `--write ${shown} is one of the --from files`)
  }
  const force = values.force === true
  if (!force && (await stat(path).catch(() => null)) !== null) throw existsError(shown)
  const found = await readFromFiles('stack', files, context)
  if (found === null) return ExitCode.error
  const derived = await deriveStackFromFiles(
    'stack',
    await withRootRuntime(found),
    values.data,
    context,
  )
  for (const line of describeDerived(derived.files, { verbose: values.verbose === true })) {
    context.out(line)
  }
  const count = derived.components.length
  if (count === 0) {
    throw new CliError(
      `nothing matched a catalogued project on ${derived.data}, so there is no stack to write; nothing written`,
    )
  }
  if (count > MAX_DEPENDENCIES) {
    throw new CliError(
      `the stack derived has ${count} components, and a stack file holds at most ${MAX_DEPENDENCIES} (docs/cli.md, "Stack files"); nothing written: check the files with compat stack --from instead`,
    )
  }
  const shownFiles = derived.files.map((file) => file.file)
  const data = values.data === undefined ? '' : ` --data ${shellQuote(values.data)}`
  const { text, written, left } = derivedStackFileText({
    from: `${fromArgs(shownFiles)}${data}`,
    target: shown,
    today: readToday(context.env),
    data: derived.data,
    files: derived.files,
    components: derived.components,
  })
  if (written === 0) {
    throw new CliError(
      `no version the files name is one a stack file reads (${left.join(', ')}); nothing written`,
    )
  }
  await writeStackFile(path, shown, text, force)
  if (left.length > 0) {
    context.err(
      `compat stack: left out of ${shown} (as comments), since a stack file reads no such version: ${left.join(', ')}`,
    )
  }
  context.out('')
  context.out(
    `Wrote ${shown}: ${countOf(written, 'component')} derived from ${shownFiles.length === 1 ? shownFiles[0] : `${shownFiles.length} files`}. Check it with: compat stack ${shellQuote(shown)}`,
  )
  return ExitCode.ok
}

function describeStack(result: StackAnswer): string[] {
  // A stack derived from files may be empty: nothing matched (said before the answer).
  if (Object.keys(result.components).length === 0) {
    return [`stack: ${result.compatible} — ${result.reason}`]
  }
  const components = formatTable(
    ['COMPONENT', 'VERSION', 'PROJECT', 'KEY'],
    Object.entries(result.components).map(([name, version]) => {
      const resolved = result.resolved[name]
      return [
        name,
        version,
        resolved?.project ?? '(not catalogued)',
        resolved === undefined || resolved === null ? '-' : (resolved.key ?? 'no key covers it'),
      ]
    }),
  )
  const pairs =
    result.pairs.length === 0
      ? ['No pair: no component documents another.']
      : describePairs(result.pairs)
  const unpaired =
    result.unpaired.length === 0 ? [] : ['', `In no pair: ${result.unpaired.join(', ')}.`]
  return [
    ...components,
    '',
    ...pairs,
    ...unpaired,
    '',
    ...describeSupport(result.support),
    '',
    `stack: ${result.compatible} — ${result.reason}`,
    `support on ${result.date}: ${supportSummary(result.support)}`,
  ]
}
