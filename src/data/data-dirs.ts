/**
 * The data a server or command reads: one directory, or several loaded as one catalogue,
 * written like PATH (`/srv/ours:bundled`), where the word `bundled` stands for the bundled
 * data (data/README.md, "Your data beside ours").
 */
import { delimiter, resolve } from 'node:path'
import { BUNDLED_DATA_DIR } from './bundled-data-dir.ts'
import { displayPath } from './display-path.ts'

export const BUNDLED_WORD = 'bundled'

/**
 * @example dataDirsOf('/srv/ours:bundled') // ['/srv/ours', BUNDLED_DATA_DIR]
 * @example dataDirsOf('data/projects', '/work') // ['/work/data/projects']
 */
export function dataDirsOf(spec: string, cwd = process.cwd()): string[] {
  return spec
    .split(delimiter)
    .filter((part) => part !== '')
    .map((part) => (part === BUNDLED_WORD ? BUNDLED_DATA_DIR : resolve(cwd, part)))
}

/** The directories as a person reads them: each relative to `cwd` when inside it. */
export function displayDataDirs(spec: string, cwd: string): string {
  return dataDirsOf(spec, cwd)
    .map((dir) => displayPath(dir, cwd))
    .join(delimiter)
}
