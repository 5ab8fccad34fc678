/**
 * Every unit test beside its module (src/**\/*.test.ts), in this one process: starting a
 * TypeScript process per file cost about 0.7 s each, over a minute of the suite on 2 cores.
 * The integration tests in test/ keep a process each, and run beside this one.
 */
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .sort()

// A suite per file, so that a file's own before and after hooks run around its own tests
// (and only those), as they would in a process of its own.
for (const file of files) {
  describe(`src/${file}`, async () => {
    await import(pathToFileURL(join(SRC, file)).href)
  })
}

if (files.length === 0) throw new Error(`no unit tests under ${relative(process.cwd(), SRC)}`)
