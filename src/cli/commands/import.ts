/**
 * `compat import compatibility-fyi <file-or-dir>... --out DIR`: converts the public service's
 * data files into compat data files. Every thing left out is one line with FILE:LINE; a file
 * that cannot be read as that format is one error line, and the other files still convert.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { displayPath } from '../../data/display-path.ts'
import { importCompatibilityFyi } from '../../data/import/import-compatibility-fyi.ts'
import { writeProjectFile } from '../../data/import/write-project-file.ts'
import type { CliContext } from '../cli-context.ts'
import { usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { countOf } from '../format-text.ts'
import { runPackagingImport } from '../import-packaging.ts'
import { PACKAGING_FORMATS, type PackagingFormat } from '../packaging-formats.ts'
import { parseCommandArgs } from '../parse-command-args.ts'

const FORMATS = ['compatibility-fyi', ...PACKAGING_FORMATS] as const
const YAML_EXTENSIONS = new Set(['.yaml', '.yml'])

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const at = args.findIndex((arg) => !arg.startsWith('-'))
  const format = args[at]
  if (PACKAGING_FORMATS.includes(format as PackagingFormat)) {
    const rest = [...args.slice(0, at), ...args.slice(at + 1)]
    return runPackagingImport(format as PackagingFormat, rest, context)
  }
  return runCompatibilityFyi(args, context)
}

async function runCompatibilityFyi(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'import',
    args,
    { out: { type: 'string' } },
    true,
  )
  const [format, ...inputs] = positionals
  if (format === undefined) throw usageError('import', `name the format: ${FORMATS.join(', ')}`)
  if (!FORMATS.includes(format as (typeof FORMATS)[number])) {
    throw usageError('import', `unknown format '${format}'; the formats are ${FORMATS.join(', ')}`)
  }
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
