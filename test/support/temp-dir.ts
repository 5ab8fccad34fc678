/**
 * Temporary directories for tests under os.tmpdir(), removed when the test process exits,
 * whether its tests passed or failed: a suite run over and over leaves nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made: string[] = []

function removeAll(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A new empty directory named `prefix` plus six random characters. */
export async function tempDir(prefix: string): Promise<string> {
  if (made.length === 0) process.once('exit', removeAll)
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}
