/**
 * The lifecycle answer a project page shows, made on the server from the project's document
 * by the core's own rules: what `GET /api/v1/projects/{id}/lifecycle?date=<today>` answers
 * (src/http/routes/web-routes.test.ts holds the two equal). The page's script asks the API
 * itself when it builds a page.
 */
import type { LifecycleResult, ProjectDocument } from '../api/response-schemas.ts'
import { lineResult, newestFirst } from '../core/lifecycle/evaluate-lifecycle.ts'

/**
 * Null for a project without lifecycle data (the API answers it with no lines).
 *
 * @example projectLifecycle(platform, '2026-11-28')?.lines[0]?.status // 'supported'
 */
export function projectLifecycle(document: ProjectDocument, today: string): LifecycleResult | null {
  const { lifecycle } = document
  if (lifecycle === undefined) return null
  return {
    project: document.id,
    date: today,
    confidence: lifecycle.confidence,
    lastVerified: lifecycle.lastVerified,
    notes: lifecycle.notes ?? [],
    sources: lifecycle.sources,
    lines: newestFirst(lifecycle).map(([key, line]) => lineResult(key, line, today)),
  }
}
