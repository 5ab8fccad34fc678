/** The messages between a cluster's primary (cluster-primary.ts) and its workers (cluster-worker.ts). */
import type { MetricsSnapshot } from '../http/metrics.ts'

/** Messages between the primary and its workers. */
export type ClusterMessage =
  | { readonly type: 'compat:ready'; readonly url: string }
  | { readonly type: 'compat:all-ready'; readonly value: boolean }
  | { readonly type: 'compat:prepare'; readonly id: number }
  | { readonly type: 'compat:prepared'; readonly id: number; readonly ok: boolean }
  | { readonly type: 'compat:commit'; readonly id: number }
  | { readonly type: 'compat:discard'; readonly id: number; readonly reason: string }
  | { readonly type: 'compat:gather'; readonly id: number }
  | { readonly type: 'compat:gathered'; readonly id: number; readonly snapshots: MetricsSnapshot[] }
  | { readonly type: 'compat:snapshot'; readonly id: number }
  | { readonly type: 'compat:snapshot-of'; readonly id: number; readonly snapshot: MetricsSnapshot }
