/** Dispatches `compat <command> [args]`; every error ends as one line on stderr and exit code 3. */

import { packageVersion } from '../package-version.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'
import { COMMANDS, type CommandEntry } from './commands/index.ts'
import { ExitCode } from './exit-codes.ts'

export async function runCli(argv: readonly string[], context: CliContext): Promise<number> {
  const [first, ...rest] = argv
  let command: CommandEntry | null = null
  try {
    if (first === undefined) {
      context.err(generalHelp())
      return ExitCode.error
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      return showHelp(rest[0], context)
    }
    if (first === '--version' || first === '-V') {
      if (rest.length > 0) throw usageError(null, '--version takes no arguments')
      context.out(packageVersion())
      return ExitCode.ok
    }
    if (first.startsWith('-')) {
      throw usageError(null, `unknown option '${first}'; options go after the command`)
    }
    command = findCommand(first)
    if (asksForHelp(rest)) {
      context.out(command.help)
      return ExitCode.ok
    }
    const { run } = await command.load()
    return await run(rest, context)
  } catch (error) {
    const prefix = command === null ? 'compat' : `compat ${command.name}`
    // By name too: `compat serve` runs from its own compiled module, with its own CliError class.
    if (error instanceof CliError || (error as Error | null)?.name === 'CliError') {
      context.err(`${prefix}: ${(error as Error).message}`)
    } else {
      // A bug, not a mistake of the user's: still one line, and the way to report it.
      const message = error instanceof Error ? error.message : String(error)
      context.err(`${prefix}: unexpected error: ${message} (please report it)`)
    }
    return ExitCode.error
  }
}

function findCommand(name: string): CommandEntry {
  const command = COMMANDS.find((entry) => entry.name === name)
  if (command === undefined) {
    const names = COMMANDS.map((entry) => entry.name).join(', ')
    throw usageError(null, `unknown command '${name}'; the commands are ${names}`)
  }
  return command
}

function showHelp(name: string | undefined, context: CliContext): number {
  context.out(name === undefined ? generalHelp() : findCommand(name).help)
  return ExitCode.ok
}

/** `-h` or `--help` anywhere before `--`: help wins over every other argument. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--')
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')
}

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length))
  const commands = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
  return `compat: software compatibility metadata from the command line

Usage: compat <command> [options]

Commands:
${commands.join('\n')}

Options:
  -h, --help     show this help; compat <command> --help shows a command's
  -V, --version  show the version

Exit codes: 0 ok, compatible or feasible; 1 incompatible (check, versions, stack),
a component end of life (stack --require-supported), infeasible (plan) or faults
(validate); 2 unknown (check, versions, stack) or undecided (plan); 3 usage, file,
network, server or data error.`
}
