/** A worker's side of a cluster (cluster-primary.ts): readiness, reloads and metrics on the primary's word. */
import type { MetricsSnapshot } from '../http/metrics.ts'
import type { ClusterMessage } from './cluster-messages.ts'
import type { RunningServer } from './start-server.ts'

export function joinCluster(server: RunningServer): void {
  // The primary may be gone (stopping): a message to it is then moot, never a crash.
  const tell = (message: ClusterMessage) => {
    if (process.connected) process.send?.(message, undefined, {}, () => {})
  }
  let othersReady = false
  server.holder.readyWhen(() => othersReady)
  const waiting = new Map<number, (snapshots: MetricsSnapshot[]) => void>()
  let nextId = 0
  server.app.metrics.gatherWith(
    () =>
      new Promise((resolve) => {
        const id = ++nextId
        waiting.set(id, resolve)
        tell({ type: 'compat:gather', id })
      }),
  )
  process.on('message', (message: ClusterMessage) => {
    switch (message.type) {
      case 'compat:all-ready':
        othersReady = message.value
        break
      case 'compat:prepare':
        void server.prepareReload().then((ok) => {
          tell({ type: 'compat:prepared', id: message.id, ok })
        })
        break
      case 'compat:commit':
        server.commitReload()
        break
      case 'compat:discard':
        server.discardReload(message.reason)
        break
      case 'compat:snapshot':
        void server.app.metrics.snapshot().then((snapshot) => {
          tell({
            type: 'compat:snapshot-of',
            id: message.id,
            snapshot,
          } satisfies ClusterMessage)
        })
        break
      case 'compat:gathered':
        waiting.get(message.id)?.(message.snapshots)
        waiting.delete(message.id)
        break
    }
  })
  tell({ type: 'compat:ready', url: server.url })
}
