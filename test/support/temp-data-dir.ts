/** A writable copy of the fixture data, for tests that change data under a running server. */
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FIXTURE_DATA_DIR } from './fixture-app.ts'

export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'compat-ops-'))
  await cp(FIXTURE_DATA_DIR, dir, { recursive: true })
  return dir
}
