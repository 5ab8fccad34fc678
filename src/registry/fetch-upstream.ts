/**
 * HTTP for reading upstream release data (compat outdated, the importers): one GET with a
 * time limit, and failures as one sentence that names the address and what to do.
 */

export class UpstreamError extends Error {}

export interface FetchOptions {
  readonly headers?: Readonly<Record<string, string>>
  /** Milliseconds before the request is given up. */
  readonly timeoutMs: number
  /** A failure this upstream explains better (a rate limit); null for the usual sentence. */
  readonly explain?: (response: Response) => string | null
}

/** The response of a GET that answered 200; anything else is an UpstreamError. */
export async function fetchUpstream(url: string, options: FetchOptions): Promise<Response> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { 'user-agent': 'compat (compatibility metadata)', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    })
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } }
    const timedOut = (error as Error).name === 'TimeoutError'
    throw new UpstreamError(
      timedOut
        ? `${url} did not answer within ${Math.round(options.timeoutMs / 1000)} s`
        : `cannot reach ${url} (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    )
  }
  const explained = response.ok ? null : (options.explain?.(response) ?? null)
  if (explained !== null) {
    await response.body?.cancel()
    throw new UpstreamError(explained)
  }
  if (response.status === 404) {
    await response.body?.cancel()
    throw new UpstreamError(`${url} answered 404: no such package, chart or repository`)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new UpstreamError(`${url} answered ${response.status} ${response.statusText}`.trim())
  }
  return response
}

/** The JSON body of a GET that answered 200. */
export async function fetchJson(url: string, options: FetchOptions): Promise<unknown> {
  const response = await fetchUpstream(url, options)
  try {
    return await response.json()
  } catch {
    throw new UpstreamError(`${url} did not answer JSON`)
  }
}
