/**
 * Asks a running compat server for a check through the typed client: GET for one dependency,
 * POST for a combination. Every failure becomes one line that says what happened and what to try.
 */
import { ApiError, ApiUnreachableError, createClient } from '../api/client.ts'
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import { CliError, usageError } from './cli-error.ts'

/** The service's base URL from `--url`: http(s) only; a path prefix (behind a proxy) is kept. */
export function parseBaseUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usageError(
      'check',
      `--url '${text}' is not a URL; give the server's base URL, e.g. http://127.0.0.1:8080`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError('check', `--url '${text}' must start with http:// or https://`)
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  url.search = ''
  url.hash = ''
  return url
}

/** The body of the server's 200 answer, exactly as sent. */
export async function fetchCheck(
  base: URL,
  request: CombinationRequest,
  timeoutMs: number,
): Promise<string> {
  const client = createClient({ baseUrl: base.href, timeoutMs })
  const [single] = request.dependencies
  try {
    if (request.dependencies.length === 1 && single !== undefined) {
      const [dependency, dependencyVersion] = single
      return (await client.check({ ...request, dependency, dependencyVersion })).text
    }
    return (await client.checkCombination(request)).text
  } catch (error) {
    if (error instanceof ApiUnreachableError) {
      throw new CliError(describeUnreachable(error, base, timeoutMs))
    }
    if (error instanceof ApiError) throw new CliError(describeErrorAnswer(error, base))
    throw error
  }
}

function describeUnreachable(error: ApiUnreachableError, base: URL, timeoutMs: number): string {
  if (error.timedOut) {
    return `no answer from ${base.href} within ${timeoutMs / 1000} s; check that the server is up, or raise --timeout`
  }
  return `cannot reach ${base.href} (${error.why}); check --url and that the server is running`
}

/** An error status: the problem+json `detail` (and the parameters it names) when there is one. */
function describeErrorAnswer({ status, statusText, problem }: ApiError, base: URL): string {
  let detail = ''
  if (problem !== null) {
    detail = `: ${problem.detail.replace(/\.$/, '')}`
    if (problem.errors !== undefined && problem.errors.length > 0) {
      const named = problem.errors.map((error) => `${String(error.name)} ${String(error.reason)}`)
      detail += ` (${named.join('; ')})`
    }
  }
  const hint =
    status === 404
      ? `; is --url the base URL of a compat server (without /api/v1)?`
      : status >= 500
        ? '; try again later or tell the operator'
        : ''
  return `the server at ${base.href} answered ${status}${statusText === '' ? '' : ` ${statusText}`}${detail}${hint}`
}
