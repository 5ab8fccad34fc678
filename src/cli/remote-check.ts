/**
 * Asks a running compat server for a check: GET for one dependency, POST for a combination
 * (seed 4.3, 4.4). Every failure becomes one line that says what happened and what to try.
 */
import type { CombinationRequest } from '../core/check/evaluate-check.ts'
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
  const url = new URL('api/v1/check', base)
  const init: RequestInit = {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  }
  const [single] = request.dependencies
  if (request.dependencies.length === 1 && single !== undefined) {
    url.search = new URLSearchParams({
      project: request.project,
      version: request.version,
      dependency: single[0],
      dependencyVersion: single[1],
    }).toString()
  } else {
    init.method = 'POST'
    init.headers = { accept: 'application/json', 'content-type': 'application/json' }
    init.body = combinationBody(request)
  }
  let status: number
  let statusText: string
  let text: string
  try {
    const response = await fetch(url, init)
    status = response.status
    statusText = response.statusText
    text = await response.text()
  } catch (error) {
    throw new CliError(describeNetworkFailure(error, base, timeoutMs))
  }
  if (status !== 200) throw new CliError(describeErrorAnswer(status, statusText, text, base))
  return text
}

/**
 * Written by hand so the dependencies keep the order given: JSON.stringify would move
 * integer-like keys ("10") to the front, and checks come back in request order.
 */
function combinationBody({ project, version, dependencies }: CombinationRequest): string {
  const entries = dependencies.map(
    ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`,
  )
  return `{"project":${JSON.stringify(project)},"version":${JSON.stringify(version)},"dependencies":{${entries.join(',')}}}`
}

function describeNetworkFailure(error: unknown, base: URL, timeoutMs: number): string {
  const server = base.href
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer from ${server} within ${timeoutMs / 1000} s; check that the server is up, or raise --timeout`
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const why = cause?.code ?? cause?.message ?? (error as Error).message
  return `cannot reach ${server} (${why}); check --url and that the server is running`
}

/** An error status: the problem+json `detail` (and the parameters it names) when there is one. */
function describeErrorAnswer(status: number, statusText: string, text: string, base: URL): string {
  let detail = ''
  try {
    const problem = JSON.parse(text) as { detail?: unknown; errors?: unknown }
    if (typeof problem.detail === 'string') detail = `: ${problem.detail.replace(/\.$/, '')}`
    if (Array.isArray(problem.errors) && problem.errors.length > 0) {
      const named = problem.errors.map(
        (error: { name?: unknown; reason?: unknown }) =>
          `${String(error.name)} ${String(error.reason)}`,
      )
      detail += ` (${named.join('; ')})`
    }
  } catch {
    // Not problem+json (a proxy's page, say): the status alone has to do.
  }
  const hint =
    status === 404
      ? `; is --url the base URL of a compat server (without /api/v1)?`
      : status >= 500
        ? '; try again later or tell the operator'
        : ''
  return `the server at ${base.href} answered ${status}${statusText === '' ? '' : ` ${statusText}`}${detail}${hint}`
}
