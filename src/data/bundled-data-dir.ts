/** The dataset shipped with the package, served and checked when no other directory is given. */
import { fileURLToPath } from 'node:url'

export const BUNDLED_DATA_DIR = fileURLToPath(new URL('../../data/projects', import.meta.url))
