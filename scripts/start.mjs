/**
 * `npm start`: build dist/ first only if the sources changed, then run the server in this
 * same process (one Node start, not two; `npm start` execs it, so signals reach the server).
 * Worker processes (COMPAT_WORKERS) start here too: the check is a few milliseconds.
 */
import { enableCompileCache } from 'node:module'
import { ensureBuilt } from './build-if-stale.mjs'

// Before the server bundle loads: Node keeps what it compiles for the next start
// (docs/operations.md, "Start-up").
enableCompileCache()
if (!ensureBuilt()) process.exit(1)
const { main } = await import('../dist/server.js')
await main()
