#!/usr/bin/env node
// The `compat` command: the bundled JavaScript of an installed package or a built checkout;
// in a checkout that was never built, the TypeScript sources through tsx.
import { existsSync } from 'node:fs'

const built = new URL('../dist/cli.js', import.meta.url)
if (existsSync(built)) {
  await import(built.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
