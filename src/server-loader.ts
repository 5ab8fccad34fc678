/**
 * `dist/server.js`, what `npm start`, the container and `compat serve` run: loads the server
 * bundle (`dist/server.cjs`) with the V8 code cache that `npm run build` wrote beside it
 * (`dist/server.cjs.cache`), and exports what `src/server.ts` exports.
 *
 * Node 20 keeps no compile cache for our code: every start compiled the bundle's 1.3 MB and
 * then each function that start-up and a first answer call, about 0.17 s of a 0.6 s start.
 * V8 takes a cache only from its own version with the same V8 flags, so the build writes it
 * under `npm start`'s flags; under any other (`compat serve`, other heap sizes, another Node)
 * V8 refuses it and the bundle compiles as it would without one (docs/operations.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, Script } from 'node:vm'

type ServerModule = typeof import('./server.ts')

const BUNDLE = fileURLToPath(new URL('./server.cjs', import.meta.url))
const CODE_CACHE = `${BUNDLE}.cache`

const source = readFileSync(BUNDLE, 'utf8')
const cachedData = existsSync(CODE_CACHE) ? readFileSync(CODE_CACHE) : undefined
// Node's own loader for a dynamic import() in the bundle (none runs from dist/ today: they
// load esbuild for the sources); without it, vm refuses one. Node 20.12 and later.
const importModuleDynamically: typeof constants.USE_MAIN_CONTEXT_DEFAULT_LOADER | undefined =
  constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER
// The wrapper CommonJS gives a module, written out: the script runs in this context as one.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
  {
    filename: BUNDLE,
    ...(cachedData === undefined ? {} : { cachedData }),
    ...(importModuleDynamically === undefined ? {} : { importModuleDynamically }),
  },
)
const bundle: { exports: ServerModule } = { exports: {} as ServerModule }
script.runInThisContext()(bundle.exports, createRequire(BUNDLE), bundle, BUNDLE, dirname(BUNDLE))

/** Whether this start used the build's code cache: absent, or refused by this V8. */
export const codeCache: 'used' | 'refused' | 'absent' =
  cachedData === undefined ? 'absent' : script.cachedDataRejected === true ? 'refused' : 'used'

/**
 * Writes the code cache of the bundle as compiled so far: the build calls it after a start and
 * a few answers, so that the functions they ran are in it.
 */
export function writeCodeCache(): void {
  writeFileSync(CODE_CACHE, script.createCachedData())
}

export const {
  cacheDirSetting,
  describeStartupError,
  handleSignals,
  main,
  optionsFromEnvironment,
  publicUrlSetting,
  rateLimitSettings,
  readTlsCredentials,
  runServer,
  STARTUP_ERROR_EXIT_CODE,
  startServer,
  tlsSetting,
  versionLookupSetting,
  workersSetting,
} = bundle.exports

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
