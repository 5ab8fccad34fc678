/**
 * Reads one file of a scanned repository, refusing what a scan must not read: anything over
 * 4 MiB, and anything that is not a regular file (a FIFO would block, a device never ends).
 * The file is opened without following a symbolic link, and checked on the descriptor it is
 * read from, so a file swapped for a link or a FIFO between the walk and the read is refused
 * too.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'

/** The largest file a scan reads (docs/cli.md, "compat scan"). */
export const MAX_SCANNED_FILE_BYTES = 4 * 1024 * 1024

export type BoundedRead = { readonly text: string } | { readonly refused: string }

const decoder = new TextDecoder('utf-8', { ignoreBOM: false })

/** @example readBoundedFile('/repo/Dockerfile') // { text: 'FROM node:20\n' } */
export function readBoundedFile(path: string): BoundedRead {
  let descriptor: number
  try {
    descriptor = openSync(
      path,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    )
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return {
      refused:
        code === 'ELOOP'
          ? 'a symbolic link, which a scan does not follow'
          : `cannot be opened (${code ?? 'error'})`,
    }
  }
  try {
    const info = fstatSync(descriptor)
    if (!info.isFile()) return { refused: 'not a regular file' }
    if (info.size > MAX_SCANNED_FILE_BYTES) {
      return { refused: `${info.size} bytes, over the 4 MiB a scan reads of a file` }
    }
    const buffer = Buffer.allocUnsafe(info.size)
    let read = 0
    while (read < info.size) {
      const count = readSync(descriptor, buffer, read, info.size - read, read)
      if (count === 0) break
      read += count
    }
    return { text: decoder.decode(buffer.subarray(0, read)) }
  } catch (error) {
    return { refused: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  } finally {
    closeSync(descriptor)
  }
}
