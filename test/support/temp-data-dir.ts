/** A writable copy of the fixture data, for tests that change data under a running server. */
import { cp } from 'node:fs/promises'
import { FIXTURE_DATA_DIR } from './fixture-app.ts'
import { tempDir } from './temp-dir.ts'

export async function tempDataDir(): Promise<string> {
  const dir = await tempDir('compat-ops-')
  await cp(FIXTURE_DATA_DIR, dir, { recursive: true })
  return dir
}
