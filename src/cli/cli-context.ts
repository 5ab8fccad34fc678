/** What a command may touch of the outside world; `main.ts` passes the real process. */
export interface CliContext {
  /** Paths are shown relative to this directory when they are inside it. */
  readonly cwd: string
  readonly env: Readonly<Record<string, string | undefined>>
  /** Writes one line (a newline is added) to standard output. */
  readonly out: (line: string) => void
  /** Writes one line (a newline is added) to standard error. */
  readonly err: (line: string) => void
}

/** A command's entry point: its arguments after the command name; resolves to the exit code. */
export type RunCommand = (args: readonly string[], context: CliContext) => Promise<number>
