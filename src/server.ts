/**
 * The server's entry: `dist/server.js`, what `npm start`, the container and `compat serve`
 * run, is this file bundled. The server itself lives in src/server/ (settings from the
 * environment, start-up, signals, the cluster); this file only names what it exports and,
 * run as a program, starts it.
 */
import { fileURLToPath } from 'node:url'
import { main } from './server/main.ts'

export { handleSignals } from './server/handle-signals.ts'
export { main } from './server/main.ts'
export { readTlsCredentials } from './server/read-tls-credentials.ts'
export { runServer } from './server/run-server.ts'
export {
  cacheDirSetting,
  optionsFromEnvironment,
  publicUrlSetting,
  rateLimitSettings,
  type ServerOptions,
  tlsSetting,
  versionLookupSetting,
  workersSetting,
} from './server/settings.ts'
export { type RunningServer, startServer } from './server/start-server.ts'
export { describeStartupError, STARTUP_ERROR_EXIT_CODE } from './server/startup-error.ts'

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
