/** The version of the `compat` package, from its package.json (`compat --version`). */
import { readFileSync } from 'node:fs'

export function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  return (JSON.parse(text) as { version: string }).version
}
