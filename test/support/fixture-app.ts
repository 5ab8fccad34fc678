/** Builds the app on the fixture dataset for `app.inject` tests. */
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { loadDataset } from '../../src/data/load-dataset.ts'
import { type AppOptions, buildApp } from '../../src/http/app.ts'
import { DatasetHolder } from '../../src/http/dataset-holder.ts'
import { HARNESS_LIMITS } from './harness-limits.ts'

export const FIXTURE_DATA_DIR = fileURLToPath(new URL('../fixtures/data', import.meta.url))

/** The fixture dataset, with `max-age=60` and HARNESS_LIMITS; `options` override or add to that. */
/** The fixture app's clock: noon UTC of a fixed day. */
export const FIXTURE_NOW = '2026-11-28T12:00:00Z'

export async function buildFixtureApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const result = await loadDataset(FIXTURE_DATA_DIR)
  if (!result.ok) throw new Error(`fixture data has faults: ${JSON.stringify(result.faults)}`)
  const holder = new DatasetHolder()
  holder.replace(result.loaded)
  return buildApp({
    holder,
    cacheMaxAge: 60,
    // Pinned: answers about today (support windows, stale marks) are the same on any day.
    clock: () => new Date(FIXTURE_NOW),
    ...options,
    limits: { ...HARNESS_LIMITS, ...options.limits },
  })
}
