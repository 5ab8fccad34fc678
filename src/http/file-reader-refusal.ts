import type { FastifyReply } from 'fastify'
import { problem } from '../api/problem.ts'
import { FileReaderBusyError, FileWorkExceededError } from './file-reader-pool.ts'
import { sendProblem } from './send-problem.ts'
import { FILES_BUSY_RETRY_AFTER_SECONDS } from './server-limits.ts'

/**
 * Why the file reader read no file, as the API (SBOMs, readiness) and the stack page all say it: its work
 * budget ran out (413), or it is busy or stopping (503); null for anything else (a bug).
 */
export function fileReaderRefusal(
  error: unknown,
): { readonly status: 413 | 503; readonly detail: string } | null {
  if (error instanceof FileWorkExceededError) {
    return {
      status: 413,
      detail: `The file took more work to read than a file of its size may (${error.budgetMs} ms of CPU time); it was not read.`,
    }
  }
  if (!(error instanceof FileReaderBusyError)) return null
  return {
    status: 503,
    detail: error.stopping
      ? 'The server is stopping; retry later.'
      : 'The server is reading other files; retry later.',
  }
}

/**
 * The API's answer when the file reader read no file: the problem, with Retry-After when the
 * reader is busy. Anything but a refusal is thrown again.
 */
export function sendFileReaderRefusal(reply: FastifyReply, error: unknown): FastifyReply {
  const refusal = fileReaderRefusal(error)
  if (refusal === null) throw error
  if (refusal.status === 503) reply.header('retry-after', String(FILES_BUSY_RETRY_AFTER_SECONDS))
  return sendProblem(reply, problem(refusal.status, refusal.detail))
}
