/**
 * `compat import`'s arguments, parsed once: the format is the first positional wherever the
 * flags stand (`compat import --out DIR npm left-pad` and `compat import npm left-pad --out
 * DIR` are one request), and a flag the format does not take is a usage error that says which
 * formats take it.
 */
import { usageError } from './cli-error.ts'
import { IMPORT_OPTIONS } from './help/import-help.ts'
import { PACKAGING_FORMATS } from './packaging-formats.ts'
import { type ParsedValues, parseCommandArgs } from './parse-command-args.ts'

export const IMPORT_FORMATS = ['compatibility-fyi', 'endoflife', ...PACKAGING_FORMATS] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

export type ImportValues = ParsedValues<typeof IMPORT_OPTIONS>

/** The formats each flag serves (`--out` serves all). */
const FLAG_FORMATS: Readonly<Record<Exclude<keyof ImportValues, 'out'>, readonly ImportFormat[]>> =
  {
    project: PACKAGING_FORMATS,
    chart: ['helm-index'],
    tag: PACKAGING_FORMATS,
    'tags-from': PACKAGING_FORMATS,
    'source-url': PACKAGING_FORMATS,
    name: PACKAGING_FORMATS,
    website: PACKAGING_FORMATS,
    category: PACKAGING_FORMATS,
    timeout: PACKAGING_FORMATS,
    map: ['endoflife'],
    commit: ['endoflife'],
    'git-dir': ['endoflife'],
    today: ['endoflife'],
  }

export interface ImportArguments {
  readonly format: ImportFormat
  /** The positionals after the format: files, directories, packages or URLs. */
  readonly inputs: readonly string[]
  readonly values: ImportValues
}

/**
 * @example parseImportArguments(['--out', 'data/projects', 'npm', 'left-pad'])
 * // { format: 'npm', inputs: ['left-pad'], values: { out: 'data/projects' } }
 */
export function parseImportArguments(args: readonly string[]): ImportArguments {
  const { values, positionals } = parseCommandArgs('import', args, IMPORT_OPTIONS, true)
  const [format, ...inputs] = positionals
  if (format === undefined) {
    throw usageError('import', `name the format: ${IMPORT_FORMATS.join(', ')}`)
  }
  if (!IMPORT_FORMATS.includes(format as ImportFormat)) {
    throw usageError(
      'import',
      `unknown format '${format}'; the formats are ${IMPORT_FORMATS.join(', ')}`,
    )
  }
  for (const [flag, formats] of Object.entries(FLAG_FORMATS)) {
    if (values[flag as keyof ImportValues] === undefined) continue
    if (formats.includes(format as ImportFormat)) continue
    throw usageError('import', `--${flag} is for ${listed(formats)}, not ${format}`)
  }
  return { format: format as ImportFormat, inputs, values }
}

function listed(formats: readonly string[]): string {
  return formats.length === 1
    ? (formats[0] as string)
    : `${formats.slice(0, -1).join(', ')} and ${formats.at(-1)}`
}
