/** node:util parseArgs, strict, with its errors turned into one-line usage errors. */
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { usageError } from './cli-error.ts'

type OptionsConfig = NonNullable<ParseArgsConfig['options']>

interface StrictConfig<O extends OptionsConfig> {
  args: string[]
  options: O
  allowPositionals: boolean
  strict: true
  tokens: true
}

/** The flags' values, typed by the options given. */
export type ParsedValues<O extends OptionsConfig> = ReturnType<
  typeof parseArgs<StrictConfig<O>>
>['values']

/**
 * Parses a command's arguments. Unknown flags, missing values, unexpected positionals
 * and a value flag given twice are usage errors that name the flag.
 *
 * @example parseCommandArgs('stale', ['--older-than', '90'], { 'older-than': { type: 'string' } })
 */
export function parseCommandArgs<const O extends OptionsConfig>(
  command: string,
  args: readonly string[],
  options: O,
  allowPositionals = false,
): { values: ParsedValues<O>; positionals: string[] } {
  const config: StrictConfig<O> = {
    args: [...args],
    options,
    allowPositionals,
    strict: true,
    tokens: true,
  }
  let parsed: ReturnType<typeof parseArgs<StrictConfig<O>>>
  try {
    parsed = parseArgs(config)
  } catch (error) {
    throw usageError(command, describeParseError(error as NodeJS.ErrnoException))
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue
    const option = options[token.name]
    if (option?.type !== 'string' || option.multiple === true) continue
    // A repeated flag would silently keep the last value; a typo in a script deserves an error.
    if (seen.has(token.name)) throw usageError(command, `--${token.name} is given more than once`)
    seen.add(token.name)
  }
  return { values: parsed.values, positionals: parsed.positionals }
}

function describeParseError(error: NodeJS.ErrnoException): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? ''
  const flag = quoted.split(' ')[0] ?? quoted
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${flag}'`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take an argument')
        ? `${flag} takes no value`
        : `${flag} needs a value (write ${flag}=VALUE for a value that starts with '-')`
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument '${quoted}'`
    default:
      return error.message
  }
}
