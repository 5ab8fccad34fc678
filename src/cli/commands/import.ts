/**
 * `compat import compatibility-fyi <file-or-dir>... --out DIR`: converts the public service's
 * data files into compat data files. Every thing left out is one line with FILE:LINE; a file
 * that cannot be read as that format is one error line, and the other files still convert.
 * `compat import endoflife PATH... --out DIR`: endoflife.date's support windows laid over the
 * projects of DIR (the import itself is src/data/import/import-endoflife.ts; here its request
 * and its report). The packaging formats are import-packaging.ts.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { displayPath } from '../../data/display-path.ts'
import { formatFault } from '../../data/format-fault.ts'
import { importCompatibilityFyi } from '../../data/import/import-compatibility-fyi.ts'
import { type EndoflifeImport, importEndoflife } from '../../data/import/import-endoflife.ts'
import type { LifecycleChange } from '../../data/import/merge-endoflife-lifecycle.ts'
import { writeProjectFile } from '../../data/import/write-project-file.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { countOf } from '../format-text.ts'
import { type ImportValues, parseImportArguments } from '../import-arguments.ts'
import { runPackagingImport } from '../import-packaging.ts'
import { readToday } from '../read-today.ts'

const YAML_EXTENSIONS = new Set(['.yaml', '.yml'])

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { format, inputs, values } = parseImportArguments(args)
  if (format === 'endoflife') return runEndoflifeImport(inputs, values, context)
  if (format === 'compatibility-fyi') return runCompatibilityFyi(inputs, values, context)
  return runPackagingImport(format, inputs, values, context)
}

async function runCompatibilityFyi(
  inputs: readonly string[],
  values: ImportValues,
  context: CliContext,
): Promise<number> {
  if (inputs.length === 0) throw usageError('import', 'give at least one file or directory')
  if (values.out === undefined || values.out === '') {
    throw usageError('import', '--out DIR is required: the directory to write project files to')
  }
  const outDir = resolve(context.cwd, values.out)
  await mkdir(outDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw usageError('import', `--out ${values.out}: ${error.code ?? error.message}`)
  })

  const shown = (path: string) => displayPath(path, context.cwd)
  let failedFiles = 0
  let leftOut = 0
  let written = 0
  let entries = 0
  const importedFrom = new Map<string, string>()
  for (const file of await expandInputs(inputs, context, () => failedFiles++)) {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      context.err(
        `compat import: ${shown(file)}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      )
      failedFiles++
      continue
    }
    const result = importCompatibilityFyi(text)
    if (!result.ok) {
      context.err(`compat import: ${shown(file)}: ${result.error}; nothing written for this file`)
      failedFiles++
      continue
    }
    for (const item of result.leftOut) {
      context.out(`${shown(file)}:${item.line}: ${item.message}`)
      leftOut++
    }
    for (const { document, entries: count } of result.projects) {
      const earlier = importedFrom.get(document.id)
      if (earlier !== undefined) {
        context.out(
          `${shown(file)}:1: left out project '${document.id}': already imported from ${shown(earlier)}`,
        )
        leftOut++
        continue
      }
      importedFrom.set(document.id, file)
      await writeProjectFile(outDir, document)
      written++
      entries += count
    }
  }
  const failed = failedFiles === 0 ? '' : `; ${countOf(failedFiles, 'file')} could not be imported`
  context.out(
    `wrote ${countOf(written, 'project')} (${countOf(entries, 'entry', 'entries')}) to ${shown(outDir)}; ${countOf(leftOut, 'item')} left out${failed}`,
  )
  if (failedFiles > 0) return ExitCode.error
  return leftOut > 0 ? ExitCode.partial : ExitCode.ok
}

/** Files as given, and the YAML files of each directory, in name order. */
async function expandInputs(
  inputs: readonly string[],
  context: CliContext,
  onMissing: () => void,
): Promise<string[]> {
  const files: string[] = []
  for (const input of inputs) {
    const path = resolve(context.cwd, input)
    const info = await stat(path).catch(() => null)
    if (info === null) {
      context.err(`compat import: ${input}: no such file or directory`)
      onMissing()
    } else if (info.isDirectory()) {
      const names = (await readdir(path))
        .filter((name) => YAML_EXTENSIONS.has(extname(name)))
        .sort()
      files.push(...names.map((name) => join(path, name)))
    } else {
      files.push(path)
    }
  }
  return files
}

async function runEndoflifeImport(
  positionals: readonly string[],
  values: ImportValues,
  context: CliContext,
): Promise<number> {
  if (positionals.length === 0) {
    throw usageError('import', "give endoflife.date's products/ directory, or product files in it")
  }
  if (values.out === undefined || values.out === '') {
    throw usageError('import', '--out DIR is required: the data directory whose projects to update')
  }
  if (values.commit !== undefined && !/^[0-9A-Za-z][\w./-]*$/.test(values.commit)) {
    throw usageError('import', `--commit '${values.commit}' is not a commit id`)
  }
  const result = await importEndoflife({
    inputs: positionals.map((input) => resolve(context.cwd, input)),
    outDir: resolve(context.cwd, values.out),
    map: productMap(values.map ?? []),
    commit: values.commit ?? null,
    gitDir: values['git-dir'] === undefined ? null : resolve(context.cwd, values['git-dir']),
    today: values.today === undefined ? readToday(context.env) : checkedToday(values.today),
  })
  return reportEndoflifeImport(result, values.out, context)
}

/** `--map PRODUCT=PROJECT`, each product once. */
function productMap(pairs: readonly string[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    const [product, project] = [pair.slice(0, at), pair.slice(at + 1)]
    if (at <= 0 || project === '') {
      throw usageError(
        'import',
        `--map '${pair}' is not PRODUCT=PROJECT, such as traefik=traefik-proxy`,
      )
    }
    if (map.has(product)) throw usageError('import', `--map names product ${product} twice`)
    map.set(product, project)
  }
  return map
}

function checkedToday(text: string): string {
  const time = Date.parse(text)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(time) ||
    !new Date(time).toISOString().startsWith(text)
  ) {
    throw usageError('import', `--today '${text}' is not a date written YYYY-MM-DD`)
  }
  return text
}

/**
 * A line for each product matched (imported, left alone, not imported, each fault and item left
 * out located), one line naming the products that matched no project, and the counts. Exit 1
 * when a matched product was not imported for a reason the user must settle, or something of a
 * product was left out; exit 3, with nothing written, when an input could not be read.
 */
function reportEndoflifeImport(result: EndoflifeImport, out: string, context: CliContext): number {
  const shown = (path: string) => displayPath(path, context.cwd)
  if (!result.ok) {
    for (const fault of result.faults) {
      const where =
        fault.file === null
          ? ''
          : `${shown(fault.file)}${fault.line === 0 ? '' : `:${fault.line}:${fault.column}`}: `
      context.err(`compat import: ${where}${fault.message}`)
    }
    if (result.kind === 'request') {
      throw usageError(
        'import',
        `${countOf(result.faults.length, 'mistake')} in the request (above); nothing written`,
      )
    }
    const files = new Set(result.faults.map((fault) => fault.file)).size
    throw new CliError(
      `${countOf(files, 'input')} cannot be imported as endoflife.date product files (above); nothing written`,
    )
  }
  const counts = { imported: 0, written: 0, leftAlone: 0, notImported: 0, leftOut: 0 }
  let unsettled = false
  const unmatched: string[] = []
  for (const report of result.products) {
    const { outcome } = report
    const project = outcome.kind === 'unmatched' ? null : outcome.file
    const head = `${shown(report.file)}${project === null ? '' : ` -> ${shown(project)}`}`
    switch (outcome.kind) {
      case 'unmatched':
        unmatched.push(report.slug)
        break
      case 'imported':
        counts.imported++
        if (outcome.written) counts.written++
        context.out(
          `${head}: imported (${outcome.by}); ${describeChange(outcome.change)}${outcome.written ? '' : '; the file already said so'}`,
        )
        break
      case 'left alone':
        counts.leftAlone++
        context.out(`${head}: left alone: ${outcome.reason}`)
        break
      case 'not imported':
        counts.notImported++
        unsettled ||= outcome.unsettled
        context.out(
          `${head}: not imported: ${outcome.reason}${outcome.faults.length > 0 ? ':' : ''}`,
        )
        for (const fault of outcome.faults) context.out(`  ${formatFault(fault, context.cwd)}`)
        break
    }
    for (const item of report.leftOut) {
      counts.leftOut++
      context.out(`${shown(item.file)}:${item.line}:${item.column}: ${item.message}`)
    }
  }
  if (unmatched.length > 0) {
    context.out(`matched no project (${unmatched.length}): ${unmatched.join(', ')}`)
  }
  context.out(
    `${countOf(result.products.length, 'product')} read: ${counts.imported} imported into ${out} (${countOf(counts.written, 'file')} written), ${counts.leftAlone} left alone, ${counts.notImported} not imported, ${unmatched.length} matched no project; ${countOf(counts.leftOut, 'item')} left out`,
  )
  return unsettled || counts.leftOut > 0 ? ExitCode.partial : ExitCode.ok
}

function describeChange(change: LifecycleChange): string {
  const lines = change.replaced
    ? `lines: ${change.added.length} added, ${change.changed.length} changed, ${change.removed.length} removed, ${change.unchanged} unchanged`
    : `lifecycle block added with ${countOf(change.added.length, 'line')}`
  const identifiers = change.identifiersAdded.length
  return `${lines}; ${countOf(identifiers, 'identifier')} added`
}
