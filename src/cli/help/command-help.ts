/**
 * A command's help, printed from the same table of options its parseArgs reads: an option
 * cannot be taken without being described, nor described without being taken (docs/cli.md
 * holds the long form, and a test holds the two together).
 */

export interface CliOption {
  readonly type: 'string' | 'boolean'
  readonly multiple?: boolean
  /** What follows the flag in the help: `SECONDS` in `--timeout SECONDS`. */
  readonly value?: string
  /** The help's term when it names more flags than this one: `--tls-cert FILE, --tls-key FILE`. */
  readonly term?: string
  /** What the option does; an option without it is described under another's term. */
  readonly help?: string
}

export type CliOptions = Readonly<Record<string, CliOption>>

export interface CommandHelp {
  readonly name: string
  readonly summary: string
  /** `Usage: compat …`, as many lines as its forms take. */
  readonly usage: string
  /** What the command does, in paragraphs; may be empty. */
  readonly about: string
  /** The arguments that are no flag, described before the flags: `FILE`, `DEP=VERSION`. */
  readonly positionals?: readonly (readonly [term: string, help: string])[]
  readonly options: CliOptions
  /** What follows the options: environment, exit codes, examples. */
  readonly after: string
}

/** Help lines stay within a terminal of this many columns. */
const WIDTH = 88
/** A longer term stands on its own line, its description under it. */
const MAX_TERM = 21

/** @example helpText(VALIDATE_HELP) // 'Usage: compat validate [--data DIR]\n\n…' */
export function helpText(help: CommandHelp): string {
  return [help.usage, help.about, `Options:\n${optionsSection(help)}`, help.after]
    .filter((part) => part !== '')
    .join('\n\n')
}

/** `  --timeout SECONDS  how long to wait …`: one row a positional, a described flag and `--help`. */
export function optionsSection({
  positionals = [],
  options,
}: Pick<CommandHelp, 'positionals' | 'options'>): string {
  const rows: (readonly [string, string])[] = [...positionals]
  for (const [name, option] of Object.entries(options)) {
    if (option.help === undefined) continue
    const term =
      option.term ?? (option.value === undefined ? `--${name}` : `--${name} ${option.value}`)
    rows.push([term, option.help])
  }
  rows.push(['-h, --help', 'show this help'])
  const width = Math.max(
    ...rows.map(([term]) => term.length).filter((length) => length <= MAX_TERM),
  )
  const indent = ' '.repeat(2 + width + 2)
  return rows
    .map(([term, text]) => {
      const [first = '', ...rest] = wrap(text, WIDTH - indent.length)
      const head =
        term.length <= width ? `  ${term.padEnd(width)}  ${first}` : `  ${term}\n${indent}${first}`
      return [head, ...rest.map((line) => `${indent}${line}`)].join('\n')
    })
    .join('\n')
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  lines.push(line)
  return lines
}
