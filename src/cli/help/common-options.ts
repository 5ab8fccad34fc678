/** Options several commands take, described once (see command-help.ts). */
import type { CliOption } from './command-help.ts'

/**
 * `--timeout SECONDS`: how long a command waits for what it asks.
 *
 * @example timeoutOption('each registry answer', 15).help // 'how long to wait for each registry answer (default 15)'
 */
export function timeoutOption(
  waitsFor: string,
  defaultSeconds: number,
  note?: string,
): {
  readonly type: 'string'
  readonly value: 'SECONDS'
  readonly help: string
  /** The wait without the flag: the command reads it from here, so the help cannot drift. */
  readonly defaultSeconds: number
} {
  const notes = note === undefined ? `${defaultSeconds}` : `${defaultSeconds}; ${note}`
  return {
    type: 'string',
    value: 'SECONDS',
    help: `how long to wait for ${waitsFor} (default ${notes})`,
    defaultSeconds,
  }
}

/** Long enough for a slow link to a distant server; short enough that a CI job does not hang. */
export const SERVER_TIMEOUT_OPTION = timeoutOption('the server', 10, 'only with --url')

export const DATA_OPTION = {
  type: 'string',
  value: 'DIR',
  help: 'the data directory (default: the bundled data/projects)',
} as const satisfies CliOption

export const OFFLINE_DATA_OPTION = {
  type: 'string',
  value: 'DIR',
  help: 'answer offline from this data directory (default: bundled data)',
} as const satisfies CliOption

export const OFFLINE_DATA_FROM_OPTION = {
  type: 'string',
  value: 'DIR',
  help: 'answer offline from this data directory (default: bundled data); with --from and --url: match the files here, on DIR',
} as const satisfies CliOption

export const URL_OPTION = {
  type: 'string',
  value: 'URL',
  help: 'ask the compat server at this base URL',
} as const satisfies CliOption

export const JSON_ANSWER_OPTION = {
  type: 'boolean',
  help: "print the API's JSON answer instead of the text",
} as const satisfies CliOption

export const SUPPORT_DAY_OPTION = {
  type: 'string',
  value: 'YYYY-MM-DD',
  help: 'the day support is judged on (default: today in UTC, or COMPAT_TODAY); sent to the server with --url',
} as const satisfies CliOption

export const FROM_STACK_OPTION = {
  type: 'string',
  multiple: true,
  value: 'FILE',
  help: 'a file to derive the stack from, instead of a stack file; repeatable (docs/cli.md, "Stacks from files")',
} as const satisfies CliOption
