/** The dataset shipped with the package, served and checked when no other directory is given. */
export { BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT_DIR } from '../package-files.ts'
