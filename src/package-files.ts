/**
 * Where the package's files are, in one place. This module sits one folder below the package
 * root in every form the code runs in — `src/package-files.ts` from a checkout, `dist/package-files.js`
 * compiled, `dist/cli.js` in the bundled command — so paths from here hold in all of them.
 * Which form is running shows in this module's own extension.
 */
import { fileURLToPath } from 'node:url'

/** True when the TypeScript sources run (through tsx), not the compiled JavaScript. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts')

const here = (path: string) => new URL(path, import.meta.url)

/** The package root's package.json. */
export const PACKAGE_JSON = fileURLToPath(here('../package.json'))

/** The dataset shipped with the package. */
export const BUNDLED_DATA_DIR = fileURLToPath(here('../data/projects'))

/** The bundled dataset as `npm run build` validated it; absent until then. */
export const BUNDLED_SNAPSHOT_DIR = fileURLToPath(here('../dist/data/bundled/'))

/** The fingerprint of what the last `npm run build` read (scripts/build-inputs.mjs). */
export const BUILD_INPUTS_FILE = fileURLToPath(here('../dist/.build-inputs'))

/** The web page's sources (bundled in memory from a checkout). */
export const WEB_SOURCES_DIR = fileURLToPath(here('../web/'))

/** The web page as `npm run build` bundled it. */
export const WEB_BUILT_DIR = fileURLToPath(here('../dist/web/'))

/** The worker thread that checks data files, in the form that is running. */
export const CHECK_FILES_WORKER = FROM_SOURCES
  ? here('./data/check-files-worker.ts')
  : here('../dist/data/check-files-worker.js')

/** The worker thread that reads posted files (SBOMs, the file form), in the form that is running. */
export const FILE_READER_WORKER = FROM_SOURCES
  ? here('./http/file-reader-worker.ts')
  : here('../dist/http/file-reader-worker.js')
