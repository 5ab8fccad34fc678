/**
 * The page's access to the public API: the project's typed client, with the response types of
 * the server's own schemas. `no-cache` revalidates every answer with its ETag: a reloaded
 * dataset shows at once, an unchanged one costs a 304.
 */
import { ApiError, ApiUnreachableError, createClient } from '../../src/api/client.ts'
import type {
  CombinationCheckResult,
  ProjectDocument,
  ProjectIndexEntry,
} from '../../src/api/response-schemas.ts'

export type {
  CombinationCheckResult,
  Confidence,
  DependencyCheck,
  DependencyEntry,
  ProjectDocument,
  ProjectIndexEntry,
  Source,
  Verdict,
} from '../../src/api/response-schemas.ts'
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
