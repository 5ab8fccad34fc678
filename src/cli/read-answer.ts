/** A server's 200 answer, which may come from anything at --url: only the expected shape is accepted. */
import { CliError } from './cli-error.ts'

/**
 * The parsed answer when it has every field `fields` names, else a one-line error saying the
 * server at `url` is probably no compat server.
 *
 * @example readAnswer(body, url, ['newestCompatible', 'versions'], 'a versions answer')
 */
export function readAnswer<T>(
  body: string,
  url: string | undefined,
  fields: readonly string[],
  what: string,
): T {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    parsed = null
  }
  if (typeof parsed === 'object' && parsed !== null && fields.every((field) => field in parsed)) {
    return parsed as T
  }
  throw new CliError(
    `the server at ${url} answered, but not with ${what}; is --url the base URL of a compat server?`,
  )
}
