/** The version of the `compat` package, from its package.json (`compat --version`, the API docs). */
import { readFileSync } from 'node:fs'
import { PACKAGE_JSON } from './package-files.ts'

export function packageVersion(): string {
  const text = readFileSync(PACKAGE_JSON, 'utf8')
  return (JSON.parse(text) as { version: string }).version
}
