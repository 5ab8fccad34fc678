import type { DatasetHolder } from '../dataset-holder.ts'

/** What every route module needs from the app. */
export interface RouteContext {
  readonly holder: DatasetHolder
  readonly cacheMaxAge: number
}
