/** The server as its options say: in this process, or as a cluster of worker processes. */
import cluster from 'node:cluster'
import { joinCluster } from './cluster-worker.ts'
import { handleSignals } from './handle-signals.ts'
import type { ServerOptions } from './settings.ts'
import { startServer } from './start-server.ts'

/**
 * Starts the server in this process, or — with several workers — as the primary of that many
 * worker processes, each of which comes back here as a worker. Resolves with the URL once
 * serving.
 */
export async function runServer(options: ServerOptions): Promise<string> {
  const workers = options.workers ?? 1
  if (workers > 1 && cluster.isPrimary) {
    // The primary serves nothing: it never loads the HTTP layer.
    const { runPrimary } = await import('./cluster-primary.ts')
    return runPrimary(options, workers)
  }
  if (cluster.isWorker) {
    // The primary watches and coordinates reloads; a worker only follows.
    const starting = startServer({ ...options, watch: false })
    handleSignals(starting, false)
    const server = await starting
    joinCluster(server)
    return server.url
  }
  const starting = startServer(options)
  handleSignals(starting)
  return (await starting).url
}
