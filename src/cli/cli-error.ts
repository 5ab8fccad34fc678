/**
 * An error the user can fix: it becomes one line on stderr and exit code 3, never a stack trace.
 * Its message says what is wrong and how to fix it.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
}

/** A message that points at the command's help, for mistakes in how the command was called. */
export function usageError(command: string | null, message: string): CliError {
  const help = command === null ? 'compat --help' : `compat ${command} --help`
  return new CliError(`${message} (see '${help}')`)
}
