/**
 * `POST /api/v1/stack` with an SBOM body (docs/api.md, "Stacks from files"): the body is kept
 * as bytes, read and matched in a worker thread (`FileReaderPool`), and the derived stack is
 * answered as a stack is, with what it was derived from, what matched nothing and the
 * duplicates. The stack's own answer comes from the answer cache when the same components
 * were asked about on the same day.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { namedVersionsJson } from '../../api/combination-body.ts'
import { type ParameterError, problem } from '../../api/problem.ts'
import { MAX_DERIVED_COMPONENTS, MAX_SBOM_BYTES } from '../../api/request-limits.ts'
import { SBOM_CONTENT_TYPES } from '../../api/sbom-content-types.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { STACK_PATH } from '../../api/url-paths.ts'
import { evaluateStackAnswer } from '../../core/stack/stack-answer.ts'
import type { PostedFileFormat } from '../../data/stack-files/read-sbom.ts'
import { apiBody, bufferOf, type CachedBody, cachedBody } from '../cached-body.ts'
import { API_HEADERS } from '../cors.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import type { MadeAnswer } from '../file-reader-messages.ts'
import {
  FileReaderBusyError,
  type FileReaderPool,
  FileWorkExceededError,
} from '../file-reader-pool.ts'
import { markProvenValid } from '../json-body.ts'
import { preferredEncoding, sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset, sendProblem } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { RouteContext } from './route-context.ts'

const RETRY_AFTER_SECONDS = 1

declare module 'fastify' {
  interface FastifyRequest {
    /** An SBOM body as sent, and the format its content type declares; null for any other. */
    sbom: { readonly bytes: Buffer; readonly format: PostedFileFormat } | null
  }
}

/**
 * The SBOM content types' parsers, up to 4 MiB each, inside the stack route's plugin. The body
 * stays bytes here: reading it is the worker's job (the app's `fileReader`). The value handed
 * to the schema is an empty object marked valid, so that the JSON stack's schema lets it through.
 */
export function registerSbomBodies(app: FastifyInstance): void {
  app.decorateRequest('sbom', null)
  for (const [contentType, format] of Object.entries(SBOM_CONTENT_TYPES)) {
    app.addContentTypeParser(
      contentType,
      { parseAs: 'buffer', bodyLimit: MAX_SBOM_BYTES },
      (request, bytes, done) => {
        request.sbom = { bytes: bytes as Buffer, format }
        const value = {}
        markProvenValid(value)
        done(null, value)
      },
    )
  }
}

/** Answers an SBOM POST: 400 for a document that breaks its format or holds too much. */
export async function answerSbom(
  request: FastifyRequest,
  reply: FastifyReply,
  { holder, today, cacheControl, fileReader }: RouteContext,
): Promise<unknown> {
  const served = holder.current
  const sbom = request.sbom
  if (served === null || sbom === null) return sendNoDataset(reply)
  const query = request.query as Record<string, string | string[] | undefined>
  const queryErrors = sbomQueryErrors(query)
  if (queryErrors.length > 0) return sendBadRequest(reply, queryErrors)
  const date = (query.date as string | undefined) ?? today()
  let derived: Awaited<ReturnType<FileReaderPool['readSbom']>>
  try {
    // The holder may serve a newer dataset by now: the stack is judged on the one matched.
    derived = await fileReader.readSbom(
      sbom.bytes,
      sbom.format,
      served.dataset,
      preferredEncoding(request.headers['accept-encoding']),
      (components) => stackAnswerText(served, components, date),
    )
  } catch (error) {
    if (error instanceof FileWorkExceededError) {
      return sendProblem(
        reply,
        problem(
          413,
          `The SBOM took more work to read than a file of its size may (${error.budgetMs} ms of CPU time); it was not read.`,
        ),
      )
    }
    if (!(error instanceof FileReaderBusyError)) throw error
    reply.header('retry-after', String(RETRY_AFTER_SECONDS))
    return sendProblem(
      reply,
      problem(
        503,
        error.stopping
          ? 'The server is stopping; retry later.'
          : 'The server is reading other SBOMs; retry later.',
      ),
    )
  }
  if (!derived.ok) {
    return sendProblem(
      reply,
      problem(
        400,
        `The body is not a ${sbom.format === 'cyclonedx' ? 'CycloneDX' : 'SPDX'} JSON document this server reads.`,
        derived.faults.map((fault) => ({
          name: fault.location === '' ? 'body' : fault.location,
          in: 'body',
          reason: fault.reason,
        })),
        derived.faultCount,
      ),
    )
  }
  if ('tooMany' in derived) {
    return sendBadRequest(reply, [
      {
        name: 'body',
        in: 'body',
        reason: `matches ${derived.tooMany} catalogued projects; a derived stack holds at most ${MAX_DERIVED_COMPONENTS}`,
      },
    ])
  }
  // Written and compressed by the file reader: this thread only sends it.
  return sendBody(request, reply, madeBody(derived.answer), cacheControl)
}

/** An answer the file reader made, with its compressed form when it made one. */
function madeBody({ identity, encoded }: MadeAnswer): CachedBody {
  return cachedBody(bufferOf(identity), {
    etag: null,
    headers: API_HEADERS,
    retained: false,
    ...(encoded === undefined ? {} : { encoded: { [encoded.encoding]: bufferOf(encoded.bytes) } }),
  })
}

/**
 * The stack's own answer, kept by the answer cache by its components and day: pipelines post
 * the same SBOM build after build, and the answer is the same while the dataset is.
 */
export function stackAnswerText(
  served: ServedDataset,
  components: readonly [string, string][],
  date: string,
): string {
  const key = `${STACK_PATH} derived ${date}`
  const componentsText = namedVersionsJson(components)
  const text = served.answers.forBody(key, componentsText)?.body.text
  if (text != null) return text
  const answer = serializeAnswer(evaluateStackAnswer(served.dataset, { components, date }))
  served.answers.keepForBody(key, componentsText, apiBody(answer, null), null)
  return answer
}

/** An SBOM has no field for the day: it may come in the query, and nothing else may. */
function sbomQueryErrors(query: Record<string, string | string[] | undefined>): ParameterError[] {
  const errors: ParameterError[] = []
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'date') {
      errors.push({
        name,
        in: 'query',
        reason: 'is not a parameter of an SBOM stack; only date is',
      })
    } else if (typeof value !== 'string') {
      errors.push({ name, in: 'query', reason: 'must be given once' })
    }
  }
  const date = query.date
  return typeof date === 'string' ? [...errors, ...dateParameterErrors(date)] : errors
}
