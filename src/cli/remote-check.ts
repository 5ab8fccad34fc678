/**
 * Asks a running compat server through the typed client: checks, versions, dependencies,
 * stacks. Every failure becomes one line that says what happened and what to try.
 */
import {
  type ApiAnswer,
  ApiError,
  ApiUnreachableError,
  type CompatClient,
  createClient,
} from '../api/client.ts'
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import { CliError, usageError } from './cli-error.ts'

/** The service's base URL from `--url`: http(s) only; a path prefix (behind a proxy) is kept. */
export function parseBaseUrl(command: string, text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usageError(
      command,
      `--url '${text}' is not a URL; give the server's base URL, e.g. http://127.0.0.1:8080`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(command, `--url '${text}' must start with http:// or https://`)
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  url.search = ''
  url.hash = ''
  return url
}

/** The body of the server's 200 answer to `ask`, exactly as sent. */
export async function askServer(
  base: URL,
  timeoutMs: number,
  ask: (client: CompatClient) => Promise<ApiAnswer<unknown>>,
): Promise<string> {
  const client = createClient({ baseUrl: base.href, timeoutMs })
  try {
    return (await ask(client)).text
  } catch (error) {
    if (error instanceof ApiUnreachableError) {
      throw new CliError(describeUnreachable(error, base, timeoutMs))
    }
    if (error instanceof ApiError) throw new CliError(describeErrorAnswer(error, base))
    throw error
  }
}

/** GET for one dependency, POST for a combination. */
export function fetchCheck(
  base: URL,
  request: CombinationRequest,
  timeoutMs: number,
): Promise<string> {
  const [single] = request.dependencies
  return askServer(base, timeoutMs, (client) => {
    if (request.dependencies.length === 1 && single !== undefined) {
      const [dependency, dependencyVersion] = single
      return client.check({ ...request, dependency, dependencyVersion })
    }
    return client.checkCombination(request)
  })
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
  // A 404 about a route (or from something that is no compat server) points at --url; one
  // about a project or a dependency the server does not know says so in its detail.
  const aboutRoute = problem === null || /^No route /.test(problem.detail)
  const hint =
    status === 404 && aboutRoute
      ? `; is --url the base URL of a compat server (without /api/v1)?`
      : status >= 500
        ? '; try again later or tell the operator'
        : ''
  return `the server at ${base.href} answered ${status}${statusText === '' ? '' : ` ${statusText}`}${detail}${hint}`
}
