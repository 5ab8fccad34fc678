/**
 * The lifecycle answer a project page shows, made on the server from the project's document
 * by the core's own rules: what `GET /api/v1/projects/{id}/lifecycle?date=<today>` answers
 * (src/http/routes/web-routes.test.ts holds the two equal). The page's script asks the API
 * itself when it builds a page.
 */
import type { LifecycleResult, ProjectDocument, Source } from '../api/response-schemas.ts'
import { lineResult, newestFirst } from '../core/lifecycle/evaluate-lifecycle.ts'

/**
 * Null for a project without lifecycle data (the API answers it with no lines).
 *
 * @example projectLifecycle(platform, '2026-11-28')?.lines[0]?.status // 'supported'
 */
export function projectLifecycle(document: ProjectDocument, today: string): LifecycleResult | null {
  const { lifecycle } = document
  if (lifecycle === undefined) return null
  // The block's sources, then each line's own, every URL once: as the API lists them.
  const sources = new Map<string, Source>()
  for (const source of [
    ...lifecycle.sources,
    ...Object.values(lifecycle.lines).flatMap((line) => line.sources ?? []),
  ]) {
    if (!sources.has(source.url)) sources.set(source.url, source)
  }
  return {
    project: document.id,
    date: today,
    confidence: lifecycle.confidence,
    lastVerified: lifecycle.lastVerified,
    notes: lifecycle.notes ?? [],
    sources: [...sources.values()],
    lines: newestFirst(lifecycle).map(([key, line]) => lineResult(key, line, today)),
  }
}
