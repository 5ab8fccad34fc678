/**
 * `npm run build`: the package as it ships, in dist/ — the compiled JavaScript with type
 * declarations, the web page's bundle (dist/web/), and a validated snapshot of the bundled
 * dataset (dist/data/bundled/: an index and one JSON file per project). Nothing compiles
 * TypeScript at run time after this.
 *
 * The bundles are not minified, and each has a source map beside it: a stack trace or a CPU
 * profile of a running server names our functions, and with source maps on (the server turns
 * them on) our files and lines (docs/operations.md, "Profiling").
 */
import { execFileSync } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { BuildOptions } from 'esbuild'
import { BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR } from '../src/data/bundled-data-dir.ts'
import { formatFault } from '../src/data/format-fault.ts'
import { writeDatasetSnapshot } from '../src/data/load-dataset.ts'
import { buildInputsFingerprint, STAMP } from './build-inputs.mjs'
import { writeWebBundle } from './bundle-web.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
// Read before building: a source saved during the build makes the next start build again.
const fingerprint = buildInputsFingerprint()
const dist = `${root}dist/`

await rm(dist, { recursive: true, force: true })
execFileSync(
  process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`],
  { stdio: 'inherit' },
)

const esbuild = await import('esbuild')
/** What every bundle shares: one ES module for Node, with its source map beside it. */
const NODE_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node that package.json's engines admit.
  target: 'node22',
  sourcemap: 'linked',
  // The sources are not shipped; file and line are what a stack trace needs.
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  allowOverwrite: true,
  // Only code run from the sources loads esbuild (the check-files worker's bundle).
  external: ['esbuild'],
  // Bundled CommonJS packages (ajv, pino) call require: give the module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
}

// The command in one file: loading one module is far quicker than resolving hundreds, and
// `compat --help` or an offline check should feel instant. `compat serve` loads the server
// bundle below (dist/server.js), outside this one.
await esbuild.build({
  ...NODE_BUNDLE,
  entryPoints: { cli: `${root}src/cli/main.ts` },
  outdir: dist,
  // Each command in its own chunk: `compat --help` loads none of them.
  splitting: true,
  // Beside cli.js: package-files.ts, inlined into a chunk, counts from one folder below the root.
  chunkNames: 'cli-[name]-[hash]',
  plugins: [
    {
      name: 'serve-stays-compiled',
      setup(build) {
        build.onResolve({ filter: /^\.\/serve\.ts$/ }, () => ({
          path: './cli/commands/serve.js',
          external: true,
        }))
      },
    },
  ],
})

// The data-checking worker in one file too: each worker thread loads it at start-up and at
// every reload, and resolving TypeBox's module tree alone took longer than checking a file.
await esbuild.build({
  ...NODE_BUNDLE,
  entryPoints: [`${root}src/data/check-files-worker.ts`],
  outfile: `${dist}data/check-files-worker.js`,
})

// The worker that reads posted files (SBOMs, the stack page's form) likewise, started at the
// first one a server is sent.
await esbuild.build({
  ...NODE_BUNDLE,
  entryPoints: [`${root}src/http/file-reader-worker.ts`],
  outfile: `${dist}http/file-reader-worker.js`,
})

// The server too, Fastify, pino, Ajv and prom-client included: resolving and reading their
// hundreds of small CommonJS files took ~300 ms of every start, one bundle ~70 ms
// (docs/operations.md, "Start-up"). It replaces tsc's dist/server.js, so that the compiled
// `compat serve` (dist/cli/commands/serve.js) loads it too.
await esbuild.build({
  ...NODE_BUNDLE,
  entryPoints: [`${root}src/server.ts`],
  outfile: `${dist}server.js`,
})
await asciiOnly(`${dist}server.js`)

/**
 * esbuild writes code as ASCII (its default charset escapes the rest), but the comments it
 * keeps in an unminified bundle may hold a curly quote or a dash: a single one makes Node read
 * the whole 3 MB bundle as two-byte text, about 40 ms more to decode and compile at every
 * start. Only comments can hold one, so each becomes its escape, text alike to a reader.
 */
async function asciiOnly(file: string): Promise<void> {
  const text = await readFile(file, 'utf8')
  const ascii = text.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  if (ascii !== text) await writeFile(file, ascii)
}

await writeWebBundle(`${dist}web/`)

const snapshot = await writeDatasetSnapshot(BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR)
if (Array.isArray(snapshot)) {
  for (const fault of snapshot) console.error(formatFault(fault, process.cwd()))
  console.error('build: the bundled data has faults; nothing can ship until they are fixed')
  process.exit(1)
}

await writeFile(STAMP, `${fingerprint}\n`)
console.log(`built ${dist}: code, web page, and the bundled data (${snapshot} projects)`)
