/**
 * `POST /api/v1/stack` with a file people already have (docs/api.md, "Stacks from files"): an
 * SBOM by its content type, or any stack file with `?format=` (an SBOM, a lockfile, a
 * requirements file, `helm list` or `kubectl version` output, or `auto`) sent as JSON or text.
 * The body is kept as bytes, read, matched and answered in a worker thread (`FileReaderPool`),
 * and the derived stack is answered as a stack is, with what it was derived from, what matched
 * nothing and the duplicates; the stack page's file form (stack-file-form.ts) takes the same
 * way, drawn as a page. A body sent as a JSON stack that is such a file is refused with the
 * media type or format to send it with.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type ParameterError, problem } from '../../api/problem.ts'
import {
  MAX_BODY_BYTES,
  MAX_BODY_TEXT,
  MAX_DERIVED_COMPONENTS,
  MAX_SBOM_BYTES,
  MAX_SBOM_TEXT,
} from '../../api/request-limits.ts'
import { validateStackPostQuery } from '../../api/request-validator.ts'
import { SBOM_CONTENT_TYPES, sbomFormatOf } from '../../api/sbom-content-types.ts'
import { describeStackFileFormat, stackFileHint } from '../../api/stack-file-hint.ts'
import { evaluateStackAnswer } from '../../core/stack/stack-answer.ts'
import {
  POSTED_FILE_FORMATS,
  type PostedFormat,
} from '../../data/readiness-inputs/posted-formats.ts'
import { jsonStackFileFormat } from '../../data/stack-files/detect-stack-file.ts'
import { POSTED_FORMAT_READERS } from '../../data/stack-files/posted-format-readers.ts'
import type { PostedFileFormat } from '../../data/stack-files/read-sbom.ts'
import { bufferOf, type CachedBody, cachedBody } from '../cached-body.ts'
import { API_HEADERS } from '../cors.ts'
import type { DatasetHolder } from '../dataset-holder.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import type { MadeAnswer } from '../file-reader-messages.ts'
import type { Judge } from '../file-reader-pool.ts'
import { sendFileReaderRefusal } from '../file-reader-refusal.ts'
import { type JsonBodyRoute, markProvenValid, parseJsonBody } from '../json-body.ts'
import { type QueryRules, type QueryValues, queryFaults } from '../query-check.ts'
import { refusedCoding } from '../require-json-content-type.ts'
import { preferredEncoding, sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset, sendProblem } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { RouteContext } from './route-context.ts'

/** A file posted as a stack, and the format it is read as. */
export interface PostedFile {
  readonly bytes: Buffer
  readonly format: PostedFileFormat
  /**
   * Sent as a JSON stack, but too large for one: read only to tell what it is, so that the
   * answer can say how to send it.
   */
  readonly unasked: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A file posted as a stack; null for a JSON stack. */
    postedFile: PostedFile | null
  }
}

/** `?format=` when given once (its value is judged with the rest of the query). */
function askedFormat(request: FastifyRequest): string | undefined {
  const format = (request.query as QueryValues).format
  return typeof format === 'string' ? format : undefined
}

function mediaTypeOf(contentType: string | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
}

/** Media types a file with `?format=` may be sent as: any JSON type, or plain text. */
function isFileMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/json' ||
    mediaType === 'text/plain' ||
    /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
  )
}

const FORMAT_LIST = POSTED_FILE_FORMATS.join('|')
const FILE_MEDIA_TYPES = `as an SBOM (content-type: ${Object.keys(SBOM_CONTENT_TYPES).join(' or ')}), or as JSON or text/plain with ?format=${FORMAT_LIST}`
const STACK_MEDIA_TYPES = `application/json (a stack), ${Object.keys(SBOM_CONTENT_TYPES).join(' or ')} (an SBOM); any other stack file as JSON or text/plain with ?format=${FORMAT_LIST}`

/**
 * 415 before the body is read: a content type the request's query cannot take, or a body in a
 * content coding the server does not read.
 */
export function requireStackContentType(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  if (refusedCoding(request, reply)) return
  const contentType = request.headers['content-type']
  const mediaType = mediaTypeOf(contentType)
  if ((request.query as QueryValues).format !== undefined) {
    if (isFileMediaType(mediaType) || sbomFormatOf(contentType) !== null) done()
    else
      sendProblem(
        reply,
        problem(
          415,
          'With ?format=, the body must be sent as JSON (application/json or any +json media type) or as text/plain.',
        ),
      )
    return
  }
  if (mediaType === 'application/json' || sbomFormatOf(contentType) !== null) done()
  else
    sendProblem(reply, problem(415, `The body must be sent as content-type: ${STACK_MEDIA_TYPES}.`))
}

/**
 * The stack route's body parsers, inside its plugin: a JSON stack (`application/json`, at most
 * 16 KiB, read in the JSON tiers as every route reads its body), and every posted file (up to
 * 4 MiB), kept as bytes for the worker. The value handed to the schema for a file is an empty
 * object marked valid, so that the JSON stack's schema lets it through.
 */
export function registerStackBodies(
  app: FastifyInstance,
  holder: DatasetHolder,
  stack: JsonBodyRoute,
): void {
  app.decorateRequest('jsonBody', null)
  app.decorateRequest('postedFile', null)
  const posted = (
    request: FastifyRequest,
    bytes: Buffer,
    format: string,
    done: (error: Error | null, value?: unknown) => void,
    unasked = false,
  ) => {
    // An unknown format is refused with the query, before the file is read.
    request.postedFile = { bytes, format: format as PostedFormat, unasked }
    const value = {}
    markProvenValid(value)
    done(null, value)
  }
  const options = { parseAs: 'buffer', bodyLimit: MAX_SBOM_BYTES } as const
  app.addContentTypeParser('application/json', options, (request, body, done) => {
    const bytes = body as unknown as Buffer
    const format = askedFormat(request)
    if (format !== undefined) return posted(request, bytes, format, done)
    // Too large for a stack: perhaps a file sent without its format, which the answer names.
    if (bytes.length > MAX_BODY_BYTES) return posted(request, bytes, 'auto', done, true)
    parseJsonBody(holder, stack, request, bytes, done)
  })
  for (const [contentType, format] of Object.entries(SBOM_CONTENT_TYPES)) {
    app.addContentTypeParser(contentType, options, (request, body, done) =>
      posted(request, body as unknown as Buffer, askedFormat(request) ?? format, done),
    )
  }
  // Only with ?format= (requireStackContentType): a file sent as text or another JSON type.
  for (const contentType of ['text/plain', /^application\/[a-z0-9.+-]+\+json$/i]) {
    app.addContentTypeParser(contentType, options, (request, body, done) =>
      posted(request, body as unknown as Buffer, askedFormat(request) ?? 'auto', done),
    )
  }
}

/**
 * The query of `POST /api/v1/stack`: `date` (for a JSON stack, instead of its body's `date`,
 * not beside it) and `format`, which must agree with an SBOM's content type.
 */
export function stackQueryRules(
  bodyFaults: (request: FastifyRequest) => readonly ParameterError[],
): QueryRules {
  return {
    validate: validateStackPostQuery,
    bodyFields: ['components'],
    more: (query, request) => {
      const faults: ParameterError[] = []
      if (typeof query.date === 'string') faults.push(...dateParameterErrors(query.date))
      const body = request.body as { date?: unknown } | null
      if (query.date !== undefined && request.postedFile === null && body?.date !== undefined) {
        faults.push({
          name: 'date',
          in: 'query',
          reason: 'is given in the body too: give the day once, in the body or in the query',
        })
      }
      const declared = sbomFormatOf(request.headers['content-type'])
      const format = query.format
      if (
        declared !== null &&
        typeof format === 'string' &&
        format !== declared &&
        format !== 'auto'
      ) {
        faults.push({
          name: 'format',
          in: 'query',
          reason: `says ${format}, but the content-type says ${declared}: send one of them, or both alike`,
        })
      }
      return faults
    },
    body: (request) => (request.postedFile === null ? bodyFaults(request) : []),
  }
}

/**
 * The stack route's `preValidation`: 400 for the query's faults, and for a JSON stack that is
 * in fact a stack file (an SBOM posted as application/json), whose detail says how to send it.
 */
export function checkStackRequest(
  rules: QueryRules,
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, reply, done) => {
    const faults = queryFaults(request, rules)
    // A valid stack names none of the fields that tell a stack file (they are unknown fields);
    // an empty list tells nothing (helm list prints one, but so does a slip).
    const body = request.body
    const claimed =
      request.postedFile === null && !(Array.isArray(body) && body.length === 0)
        ? jsonStackFileFormat(body)
        : null
    if (claimed !== null) {
      const hint = stackFileHint(claimed)
      sendProblem(
        reply,
        problem(400, hint.detail, [...faults, { name: 'body', in: 'body', reason: hint.reason }]),
      )
      return
    }
    if (faults.length === 0) {
      done()
      return
    }
    sendBadRequest(reply, [...faults, ...(rules.body?.(request) ?? [])])
  }
}

/** Answers a posted file: 400 for a document that breaks its format or holds too much. */
export async function answerPostedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { holder, today, cacheControl, fileReader }: RouteContext,
): Promise<unknown> {
  const served = holder.current
  const file = request.postedFile
  if (served === null || file === null) return sendNoDataset(reply)
  const query = (request.query as QueryValues).date
  const date = typeof query === 'string' ? query : today()
  try {
    if (file.unasked) return sendProblem(reply, await unaskedFileProblem(file, fileReader))
    // The holder may serve a newer dataset by now: the stack is judged on the one matched.
    const derived = await fileReader.readSbom(
      file.bytes,
      file.format,
      served.dataset,
      preferredEncoding(request.headers['accept-encoding']),
      judgeDerivedStack(served, date),
    )
    if (!derived.ok) {
      return sendProblem(
        reply,
        problem(
          400,
          `The body is not ${describeFormat(file.format)} this server reads.`,
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
  } catch (error) {
    return sendFileReaderRefusal(reply, error)
  }
}

/**
 * A body sent as a JSON stack, too large for one: 400 naming how to send it when it is a stack
 * file (told in the worker), else 413 naming where files go.
 */
async function unaskedFileProblem(
  file: PostedFile,
  fileReader: RouteContext['fileReader'],
): Promise<ReturnType<typeof problem>> {
  const told = await fileReader.tellFormat(file.bytes)
  if (told === null) {
    return problem(
      413,
      `The body is larger than ${MAX_BODY_TEXT}, the most a JSON stack may be. A stack file of up to ${MAX_SBOM_TEXT} is sent ${FILE_MEDIA_TYPES}.`,
    )
  }
  const hint = stackFileHint(told)
  return problem(400, hint.detail, [{ name: 'body', in: 'body', reason: hint.reason }])
}

/** `a CycloneDX SBOM`, `the output of helm list -o json`; `a stack file` when told from the content. */
function describeFormat(format: PostedFileFormat): string {
  const claims = format === 'any' ? null : POSTED_FORMAT_READERS[format].claims
  return claims === null ? 'a stack file' : describeStackFileFormat(claims)
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
 * The stack's own answer for the components a file derived, on `date`: this thread holds the
 * dataset, so the file reader's worker asks it here, and composes the answer (or the stack
 * page) with what the file derived, serialized once there.
 */
export function judgeDerivedStack(served: ServedDataset, date: string): Judge {
  return (components) => evaluateStackAnswer(served.dataset, { components, date })
}
