import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { tempDir } from '../../test/support/temp-dir.ts'
import { MAX_READ_FILE_BYTES, readRegularFile } from './read-regular-file.ts'

let root: string
before(async () => {
  root = await tempDir('compat-regular-')
  await writeFile(join(root, 'plain.txt'), 'flask==3.0.3\n')
  await writeFile(join(root, 'limit.txt'), Buffer.alloc(MAX_READ_FILE_BYTES, 0x61))
  await writeFile(join(root, 'over.txt'), Buffer.alloc(MAX_READ_FILE_BYTES + 1, 0x61))
  await mkdir(join(root, 'folder'))
  execFileSync('mkfifo', [join(root, 'fifo')])
  await symlink('/proc/self/environ', join(root, 'environ-link'))
  await symlink(join(root, 'plain.txt'), join(root, 'plain-link'))
})

// Columns: the path (relative to the test's folder, or absolute), what reading it gives.
const CASES: readonly (readonly [string, string])[] = [
  ['plain.txt', 'bytes 13'],
  ['plain-link', 'bytes 13'],
  ['limit.txt', `bytes ${MAX_READ_FILE_BYTES}`],
  ['over.txt', 'refused larger than 4 MiB (4194305 bytes), the most compat reads of a file'],
  ['missing.txt', 'missing no such file'],
  ['plain.txt/inside', 'missing no such file (a part of its path is not a directory)'],
  ['folder', 'refused a directory, not a regular file'],
  ['fifo', 'refused a FIFO (a named pipe), not a regular file'],
  ['/dev/zero', 'refused a character device, not a regular file'],
  ['/dev/null', 'refused a character device, not a regular file'],
  ['/proc/self/environ', 'refused a file of /proc, which describes this machine'],
  ['environ-link', 'refused a file of /proc, which describes this machine'],
  ['/proc/self/status', 'refused a file of /proc, which describes this machine'],
]

for (const [path, expected] of CASES) {
  test(`reading ${path}: ${expected}`, () => {
    const read = readRegularFile(path.startsWith('/') ? path : join(root, path))
    const shown =
      'bytes' in read
        ? `bytes ${read.bytes.length}`
        : 'missing' in read
          ? `missing ${read.missing}`
          : `refused ${read.refused}`
    assert.equal(shown, expected)
  })
}

test('a file of /sys is refused as describing the machine', {
  skip: !existsSync('/sys/kernel'),
}, () => {
  const read = readRegularFile('/sys/kernel/uevent_seqnum')
  assert.ok('refused' in read && /\/sys|sysfs/.test(read.refused), JSON.stringify(read))
})
