/**
 * `npm start`: build dist/ first only if the sources changed, then run the server in this
 * same process (one Node start, not two; `npm start` execs it, so signals reach the server).
 * Worker processes (COMPAT_WORKERS) start here too: the check is a few milliseconds.
 */
import { ensureBuilt } from './build-if-stale.mjs'

if (!ensureBuilt()) process.exit(1)
const { main } = await import('../dist/server.js')
await main()
