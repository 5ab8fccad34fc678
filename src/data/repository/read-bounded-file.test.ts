import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { tempDir } from '../../../test/support/temp-dir.ts'
import { MAX_SCANNED_FILE_BYTES, readBoundedFile } from './read-bounded-file.ts'

test('a regular file is read as UTF-8, its byte order mark dropped', async () => {
  const root = await tempDir('compat-read-')
  writeFileSync(join(root, 'a'), '\ufeffFROM node:22\n')
  assert.deepEqual(readBoundedFile(join(root, 'a')), { text: 'FROM node:22\n' })
})

test('a file over 4 MiB is refused unread; one of exactly 4 MiB is read', async () => {
  const root = await tempDir('compat-read-')
  writeFileSync(join(root, 'big'), Buffer.alloc(MAX_SCANNED_FILE_BYTES + 1, 0x20))
  writeFileSync(join(root, 'edge'), Buffer.alloc(MAX_SCANNED_FILE_BYTES, 0x20))
  assert.deepEqual(readBoundedFile(join(root, 'big')), {
    refused: `${MAX_SCANNED_FILE_BYTES + 1} bytes, over the 4 MiB a scan reads of a file`,
  })
  assert.ok('text' in readBoundedFile(join(root, 'edge')))
})

test('a symbolic link, a folder and a FIFO are refused', async () => {
  const root = await tempDir('compat-read-')
  writeFileSync(join(root, 'a'), 'x')
  symlinkSync(join(root, 'a'), join(root, 'link'))
  assert.deepEqual(readBoundedFile(join(root, 'link')), {
    refused: 'a symbolic link, which a scan does not follow',
  })
  assert.deepEqual(readBoundedFile(root), { refused: 'not a regular file' })
  assert.deepEqual(readBoundedFile(join(root, 'missing')), { refused: 'cannot be opened (ENOENT)' })
  try {
    execFileSync('mkfifo', [join(root, 'fifo')])
  } catch {
    return
  }
  assert.deepEqual(readBoundedFile(join(root, 'fifo')), { refused: 'not a regular file' })
})
