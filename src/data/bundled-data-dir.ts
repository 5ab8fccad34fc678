/** The dataset shipped with the package, served and checked when no other directory is given. */
export { BUNDLED_DATA_DIR, BUNDLED_SNAPSHOT } from '../paths.ts'
