/** What `compat` exits with; scripts and CI jobs branch on these, so they never change meaning. */
export const ExitCode = {
  /** The stack is compatible, the data is valid, or the command did its job. */
  ok: 0,
  /** check: at least one dependency is incompatible. */
  incompatible: 1,
  /** stack --require-supported: compatible, but a component's release line is end of life. */
  endOfLife: 1,
  /** validate: the data has faults. */
  faults: 1,
  /** import: written, but something the format cannot say was left out. */
  partial: 1,
  /** check: nothing is incompatible, but at least one dependency cannot be decided. */
  unknown: 2,
  /** Usage, network, server or data error: the command could not answer. */
  error: 3,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]
