/**
 * The page's access to the public API: the project's typed client, with the response types of
 * the server's own schemas. `no-cache` revalidates every answer with its ETag: a reloaded
 * dataset shows at once, an unchanged one costs a 304.
 */

import type { PlanRequest } from '../../src/api/client.ts'
import { ApiError, ApiUnreachableError, createClient } from '../../src/api/client.ts'
import type { Problem } from '../../src/api/problem.ts'
import type {
  CombinationCheckResult,
  DependencyIndex,
  DependencyView,
  LifecycleResult,
  PlanResult,
  ProjectDocument,
  ProjectIndexEntry,
  StackAnswer,
  VersionsResult,
} from '../../src/api/response-schemas.ts'
import { STACK_PATH } from '../../src/api/url-paths.ts'
import type { ReadinessAnswer } from '../../src/core/readiness/readiness-answer.ts'
import type { DerivedStackAnswer } from '../../src/core/stack/derived-stack-answer.ts'

export type {
  CombinationCheckResult,
  ComponentSupport,
  Confidence,
  DependencyCheck,
  DependencyEntry,
  DependencyIndex,
  DependencyUse,
  DependencyView,
  LifecycleResult,
  PlanResult,
  ProjectDocument,
  ProjectIndexEntry,
  Source,
  StackAnswer,
  StackPair,
  StackResult,
  Upstream,
  Verdict,
  VersionCheck,
  VersionsResult,
} from '../../src/api/response-schemas.ts'
export type { DerivedStackAnswer, ReadinessAnswer }
export { ApiError }

const client = createClient({ cache: 'no-cache' })

/** What went wrong, in words for the page. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiUnreachableError) {
    return 'The compatibility API could not be reached. Check your connection.'
  }
  if (error instanceof ApiError) return error.message
  return 'Something went wrong on this page.'
}

export async function listProjects(): Promise<readonly ProjectIndexEntry[]> {
  return (await client.listProjects()).data.projects
}

/** The project document, or null when no such project is known (404). */
export async function getProject(id: string): Promise<ProjectDocument | null> {
  try {
    return (await client.getProject(id)).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** POST /api/v1/check: one combination, dependencies in the order given. */
export async function checkCombination(
  project: string,
  version: string,
  dependencies: readonly (readonly [string, string])[],
  signal?: AbortSignal,
): Promise<CombinationCheckResult> {
  return (await client.checkCombination({ project, version, dependencies }, signal)).data
}

/** GET /api/v1/projects/{id}/versions: every documented version judged against these dependencies. */
export async function versionsFitting(
  project: string,
  dependencies: readonly (readonly [string, string])[],
  signal?: AbortSignal,
): Promise<VersionsResult> {
  return (await client.versions(project, dependencies, signal)).data
}

/** GET /api/v1/projects/{id}/lifecycle: every release line and where it stands on `date`. */
export async function getLifecycle(id: string, date: string): Promise<LifecycleResult> {
  return (await client.lifecycle(id, { date })).data
}

export async function listDependencies(): Promise<DependencyIndex> {
  return (await client.listDependencies()).data
}

/**
 * Who documents a dependency, judged for `version` when given; when nothing does (404), the
 * server's words, which name the nearest keys.
 */
export async function getDependency(
  dependency: string,
  version?: string,
  signal?: AbortSignal,
): Promise<DependencyView | { readonly notFound: string }> {
  try {
    return (await client.dependency(dependency, version, signal)).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { notFound: error.problem?.detail ?? `No entry documents ${dependency}.` }
    }
    throw error
  }
}

/** POST /api/v1/stack: components in the order given, their support judged on `date`. */
export async function checkStack(
  components: readonly (readonly [string, string])[],
  date: string,
  signal?: AbortSignal,
): Promise<StackAnswer> {
  return (await client.stack(components, { date, signal })).data
}

/** POST /api/v1/plan: what must move, and to what, for the target to hold. */
export async function planUpgrade(request: PlanRequest, signal?: AbortSignal): Promise<PlanResult> {
  return (await client.plan(request, signal)).data
}

/** The media types of the SBOMs the stack route reads (docs/api.md, "Stacks from files"). */
export type SbomMediaType = 'application/vnd.cyclonedx+json' | 'application/spdx+json'

/**
 * POST /api/v1/stack with an SBOM as it is: the stack derived from it, its support judged on
 * `date`, with what it was derived from. A refusal is an ApiError with the server's problem
 * (a 400 names each fault of the file by JSON pointer).
 */
export async function stackFromSbom(
  text: string,
  mediaType: SbomMediaType,
  date: string,
  signal?: AbortSignal,
): Promise<DerivedStackAnswer> {
  let response: Response
  try {
    response = await fetch(`${STACK_PATH}?${new URLSearchParams({ date })}`, {
      method: 'POST',
      headers: { 'content-type': mediaType, accept: 'application/json' },
      body: text,
      cache: 'no-store',
      ...(signal === undefined ? {} : { signal }),
    })
  } catch (error) {
    if (signal?.aborted === true) throw error
    throw new ApiUnreachableError(false, (error as Error).message ?? String(error))
  }
  const body = await response.text()
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, problemOf(body))
  }
  return JSON.parse(body) as DerivedStackAnswer
}

function problemOf(text: string): Problem | null {
  try {
    const parsed = JSON.parse(text) as Partial<Problem> | null
    return typeof parsed?.detail === 'string' ? (parsed as Problem) : null
  } catch {
    return null
  }
}

/**
 * POST /api/v1/readiness with a file as it is: can every package of it take `target`
 * (`NAME@VERSION`), from what each declares? A refusal is an ApiError with the problem.
 */
export async function readinessOf(
  text: string,
  target: string,
  mediaType: SbomMediaType | null,
  date: string,
  signal?: AbortSignal,
): Promise<ReadinessAnswer> {
  return (
    await client.readiness(text, {
      target,
      date,
      ...(mediaType === null ? {} : { contentType: mediaType }),
      ...(signal === undefined ? {} : { signal }),
    })
  ).data
}
