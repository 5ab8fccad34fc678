/**
 * A repository's tags through GitHub's REST API: at GITHUB_API_URL (the variable GitHub's own
 * runners set), else the public API; GITHUB_TOKEN when set. Every page, following `Link`.
 */
import { fetchUpstream, UpstreamError } from './fetch-upstream.ts'

export const PUBLIC_GITHUB_API = 'https://api.github.com'

export interface GithubOptions {
  readonly apiUrl: string
  readonly token?: string
  readonly timeoutMs: number
}

/** Every tag name of `owner/name`, in the order the API lists them. */
export async function githubTags(repository: string, options: GithubOptions): Promise<string[]> {
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const tags: string[] = []
  let url: string | null =
    `${options.apiUrl.replace(/\/+$/, '')}/repos/${repository}/tags?per_page=100`
  // A repository with tens of thousands of tags is read whole, but never endlessly.
  for (let page = 0; url !== null && page < 1000; page++) {
    const response = await fetchGithub(url, headers, options.timeoutMs)
    const body = (await response.json()) as unknown
    if (!Array.isArray(body)) throw new UpstreamError(`${url} did not answer a list of tags`)
    for (const tag of body) {
      if (typeof tag?.name === 'string') tags.push(tag.name)
    }
    url = nextPage(response.headers.get('link'))
  }
  return tags
}

async function fetchGithub(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Response> {
  return fetchUpstream(url, { headers, timeoutMs, explain: rateLimit })
}

/** A used-up rate limit, with when it resets and how to get a larger one. */
function rateLimit(response: Response): string | null {
  const used = response.headers.get('x-ratelimit-remaining') === '0'
  if (!(response.status === 429 || (response.status === 403 && used))) return null
  const reset = Number(response.headers.get('x-ratelimit-reset'))
  const until =
    Number.isFinite(reset) && reset > 0
      ? ` until ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC`
      : ''
  return `GitHub's rate limit is used up${until}; set GITHUB_TOKEN for a larger one`
}

/** The `rel="next"` address of a Link header, if any. */
function nextPage(link: string | null): string | null {
  if (link === null) return null
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part)
    if (match?.[1] !== undefined) return match[1]
  }
  return null
}
