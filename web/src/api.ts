/** The client side of the public API v1: the only way the page gets data. */

export type Verdict = 'compatible' | 'incompatible' | 'unknown'
export type Confidence = 'high' | 'medium' | 'low'

export interface Source {
  readonly title: string
  readonly url: string
  readonly accessedAt: string
}

export interface DependencyEntry {
  readonly ranges: readonly string[]
  readonly constraints?: readonly { readonly type: string }[]
  readonly relationship: string
  readonly confidence: Confidence
  readonly lastVerified: string | null
  readonly notes: readonly string[]
  readonly sources: readonly Source[]
}

export interface ProjectDocument {
  readonly id: string
  readonly name: string
  readonly categories: readonly string[]
  readonly website: string
  readonly versions: Readonly<
    Record<string, { readonly dependencies: Readonly<Record<string, DependencyEntry>> }>
  >
}

export interface ProjectIndexEntry {
  readonly id: string
  readonly name: string
  readonly categories: readonly string[]
  readonly website: string
  /** Newest first, in the server's version ordering. */
  readonly versions: readonly string[]
}

export interface DependencyCheck {
  readonly dependency: string
  readonly dependencyVersion: string
  readonly compatible: Verdict
  readonly matchedRange: string | null
  readonly matchedConstraint: string | null
  readonly relationship: string | null
  readonly confidence: Confidence
  readonly lastVerified: string | null
  readonly notes: readonly string[]
  readonly sources: readonly Source[]
  readonly reason: string
}

export interface CombinationCheckResult {
  readonly project: string
  readonly version: string
  readonly dependencies: Readonly<Record<string, string>>
  readonly compatible: Verdict
  readonly reason: string
  readonly checks: readonly DependencyCheck[]
}

interface Problem {
  readonly status: number
  readonly detail: string
  readonly errors?: readonly { readonly name: string; readonly reason: string }[]
}

/** A failed API call, with the server's own explanation when it gave one. */
export class ApiError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

/**
 * `no-cache` revalidates every answer with its ETag: a reloaded dataset shows at once,
 * an unchanged one costs a 304.
 */
async function requestJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      cache: 'no-cache',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'The compatibility API could not be reached. Check your connection.')
  }
  if (response.ok) return (await response.json()) as T
  throw new ApiError(response.status, await problemMessage(response))
}

async function problemMessage(response: Response): Promise<string> {
  try {
    const problem = (await response.json()) as Problem
    const details = (problem.errors ?? []).map((error) => `${error.name} ${error.reason}`)
    return [problem.detail, ...details].filter(Boolean).join(' ')
  } catch {
    return `The API answered ${response.status} ${response.statusText}.`
  }
}

export async function listProjects(): Promise<readonly ProjectIndexEntry[]> {
  const body = await requestJson<{ projects: ProjectIndexEntry[] }>('/api/v1/projects')
  return body.projects
}

/** The project document, or null when no such project is known (404). */
export async function getProject(id: string): Promise<ProjectDocument | null> {
  try {
    return await requestJson<ProjectDocument>(`/api/v1/projects/${encodeURIComponent(id)}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** POST /api/v1/check: one combination, dependencies in the order given. */
export function checkCombination(
  project: string,
  version: string,
  dependencies: readonly (readonly [string, string])[],
  signal?: AbortSignal,
): Promise<CombinationCheckResult> {
  return requestJson<CombinationCheckResult>('/api/v1/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ project, version, dependencies: Object.fromEntries(dependencies) }),
    signal: signal ?? null,
  })
}
