#!/usr/bin/env node
// The `compat` command: the bundled JavaScript of an installed package or a built checkout;
// in a checkout that was never built, the TypeScript sources (Node strips their types).
import { existsSync } from 'node:fs'
import module from 'node:module'

if (module.setSourceMapsSupport === undefined) {
  const { unsupportedNodeMessage } = await import('./unsupported-node.js')
  const ownNode = existsSync(new URL('../node_modules/.bin/node', import.meta.url))
  console.error(unsupportedNodeMessage(process.version, process.argv.slice(2), ownNode))
  process.exit(1)
}
// Node keeps what it compiles for the next run (docs/operations.md, "Start-up").
module.enableCompileCache()
const built = new URL('../dist/cli.js', import.meta.url)
await import(existsSync(built) ? built.href : '../src/cli/main.ts')
