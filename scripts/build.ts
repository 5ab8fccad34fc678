/**
 * `npm run build`: the package as it ships, in dist/ — the compiled JavaScript with type
 * declarations, the web page's bundle (dist/web/), and a validated snapshot of the bundled
 * dataset (dist/data/bundled/: an index and one JSON file per project). Nothing compiles TypeScript at run time after this.
 */
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR } from '../src/data/bundled-data-dir.ts'
import { formatFault } from '../src/data/format-fault.ts'
import { writeDatasetSnapshot } from '../src/data/load-dataset.ts'
import { SWAGGER_UI_FILES } from '../src/http/routes/docs.ts'
import { bundleWebSources } from '../src/http/routes/web.ts'
import { buildInputsFingerprint, STAMP } from './build-inputs.mjs'
import { START_FLAGS } from './start-flags.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
// Read before building: a source saved during the build makes the next start build again.
const fingerprint = buildInputsFingerprint()
const dist = `${root}dist/`

await rm(dist, { recursive: true, force: true })
execFileSync(
  process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`],
  {
    stdio: 'inherit',
  },
)

// The command in one file: loading one module is far quicker than resolving hundreds, and
// `compat --help` or an offline check should feel instant. `compat serve` loads the server
// bundle below (dist/server.js), outside this one.
const esbuild = await import('esbuild')
// NO_MINIFY=1 keeps function names readable in CPU profiles (docs/performance.md).
const minify = process.env.NO_MINIFY === undefined
await esbuild.build({
  entryPoints: { cli: `${root}src/cli/main.ts` },
  outdir: dist,
  // Each command in its own chunk: `compat --help` loads none of them.
  splitting: true,
  // Beside cli.js: paths.ts, inlined into a chunk, counts from one folder below the root.
  chunkNames: 'cli-[name]-[hash]',
  minify,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  // Only code run from the sources loads esbuild (the check-files worker's bundle).
  external: ['esbuild'],
  // Bundled CommonJS packages (ajv) call require: give the module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
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
  entryPoints: [`${root}src/data/check-files-worker.ts`],
  outfile: `${dist}data/check-files-worker.js`,
  allowOverwrite: true,
  minify,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
})

// The server too, Fastify, pino, Ajv and prom-client included: resolving and reading their
// hundreds of small CommonJS files took ~300 ms of every start, one bundle ~70 ms
// (docs/operations.md, start-up). CommonJS, so that dist/server.js (src/server-loader.ts) can
// compile it with the code cache written below. esbuild stays outside: only a server run
// from the sources without dist/web loads it.
await esbuild.build({
  entryPoints: [`${root}src/server.ts`],
  outfile: `${dist}server.cjs`,
  minify,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  external: ['esbuild'],
  // The bundle sits where the ES modules would (dist/), so paths.ts finds the package from it.
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: "var __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
})
await esbuild.build({
  entryPoints: [`${root}src/server-loader.ts`],
  outfile: `${dist}server.js`,
  allowOverwrite: true,
  minify,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
})
const web = await bundleWebSources()
await mkdir(`${dist}web/docs`, { recursive: true })
// Swagger UI's files for the API documentation (src/paths.ts, SWAGGER_UI_DIR), with its
// Apache-2.0 license and notice, which travel with them.
await Promise.all(
  [...Object.keys(SWAGGER_UI_FILES), 'LICENSE', 'NOTICE'].map((name) =>
    copyFile(`${root}node_modules/swagger-ui-dist/${name}`, `${dist}web/docs/${name}`),
  ),
)
await Promise.all([
  writeFile(`${dist}web/app.js`, web.script),
  writeFile(`${dist}web/app.css`, web.style),
  writeFile(`${dist}web/index.html`, web.shell),
  writeFile(`${dist}web/icon.svg`, web.icon),
])

const snapshot = await writeDatasetSnapshot(BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR)
if (Array.isArray(snapshot)) {
  for (const fault of snapshot) console.error(formatFault(fault, process.cwd()))
  console.error('build: the bundled data has faults; nothing can ship until they are fixed')
  process.exit(1)
}
// The code cache, written by a start of the bundle under `npm start`'s node flags (V8 refuses a
// cache made under other flags): the server starts on the bundled data, answers a few
// requests, and the code compiled by then is saved.
execFileSync(process.execPath, [...START_FLAGS, `${root}scripts/write-code-cache.mjs`], {
  stdio: 'inherit',
})

await writeFile(STAMP, `${fingerprint}\n`)
console.log(`built ${dist}: code, web page, and the bundled data (${snapshot} projects)`)
