/**
 * `POST /api/v1/readiness?target=NAME@VERSION[&format=…][&date=…]`: can every package of the
 * posted file take the target, from what each declares (docs/api.md, "Readiness")? The body is
 * a lockfile, an SBOM or another file of the stack route's, at most 4 MiB, sent as JSON or
 * text; it is read in the worker thread that reads SBOMs. Registries are read only when the
 * operator sets COMPAT_REGISTRY=on, and then at most 64 requests an answer. An encapsulated
 * plugin: its body parsers are its own.
 */

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { type ParameterError, problem } from '../../api/problem.ts'
import { MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../../api/request-limits.ts'
import { type ReadinessQuery, ReadinessQuerySchema } from '../../api/request-schemas.ts'
import { READINESS_PATH } from '../../api/url-paths.ts'
import { ReadinessAnswerSchema } from '../../core/readiness/readiness-answer.ts'
import {
  POSTED_FILE_FORMATS,
  type PostedFormat,
} from '../../data/readiness-inputs/posted-formats.ts'
import { answerReadiness } from '../../registry/answer-readiness.ts'
import { RegistryClient } from '../../registry/registry-client.ts'
import { apiBody, encodeInThreadPool } from '../cached-body.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import { sendFileReaderRefusal } from '../file-reader-refusal.ts'
import { jsonResponse, problemResponses } from '../openapi-responses.ts'
import { preferredEncoding, sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset, sendProblem } from '../send-problem.ts'
import type { RouteContext } from './route-context.ts'

/** Registry requests one answer may make at most. */
export const MAX_REGISTRY_REQUESTS = 64
const REGISTRY_TIMEOUT_MS = 5_000

// Any JSON (an SBOM's own media types included) or text: the file is told by `format`, or by
// its content.
const BODY_TYPES = [
  'application/json',
  'application/vnd.cyclonedx+json',
  'application/spdx+json',
  'text/plain',
]
const JSON_SUFFIX = /^application\/[a-z0-9.+-]+\+json$/

export const readinessRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  for (const types of [BODY_TYPES, JSON_SUFFIX]) {
    app.addContentTypeParser(
      types,
      { parseAs: 'buffer', bodyLimit: MAX_SBOM_BYTES },
      (_request, bytes, done) => done(null, bytes),
    )
  }
  const body = {
    content: Object.fromEntries(
      BODY_TYPES.map((type) => [
        type,
        {
          schema: {
            type: 'string',
            description: `The file: a lockfile (package-lock.json or npm-shrinkwrap.json 2/3, pnpm-lock.yaml 9, poetry.lock, uv.lock, pylock.toml), a CycloneDX or SPDX JSON SBOM, a pip requirements file, or the JSON of helm list or kubectl version; at most ${MAX_SBOM_TEXT}.`,
          },
        },
      ]),
    ),
  }
  app.post<{ Querystring: ReadinessQuery; Body: Buffer }>(
    READINESS_PATH,
    {
      onRequest: (request, reply, done) => {
        if (bodyTypeOf(request.headers['content-type']) !== null) done()
        else
          sendProblem(
            reply,
            problem(
              415,
              `The body must be sent as JSON (${BODY_TYPES.slice(0, 3).join(', ')}) or text/plain.`,
            ),
          )
      },
      attachValidation: true,
      schema: {
        summary: 'Can every package of a file take a target version?',
        description: `Reads every package of the posted file and the range each declares for the target: npm engines.node for nodejs, peerDependencies[NAME] for an npm package; Requires-Python for python, the Requires-Dist entry naming NAME for a PyPI package. A lockfile that records them is read as it is; what it does not record (an SBOM, a requirements file, uv.lock) is read from the package registries only when the server's operator allows it (then at most ${MAX_REGISTRY_REQUESTS} registry requests an answer), which also tells where each blocker could move. Each range is judged by its ecosystem's rules (node-semver without pre-releases; PEP 440). Body at most ${MAX_SBOM_TEXT}, as JSON or text/plain.`,
        operationId: 'checkReadiness',
        tags: ['readiness'],
        querystring: ReadinessQuerySchema,
        body,
        response: {
          200: jsonResponse(
            'Every package and what it declares for the target, what blocks, the range every package admits, and for a runtime the newest release line inside it.',
            ReadinessAnswerSchema,
          ),
          ...problemResponses(400, 413, 415, 503),
        },
      },
    },
    (request, reply) => answer(request, reply, context),
  )
}

async function answer(
  request: FastifyRequest<{ Querystring: ReadinessQuery; Body: Buffer }>,
  reply: FastifyReply,
  { holder, today, fileReader, registry }: RouteContext,
): Promise<unknown> {
  const served = holder.current
  if (served === null) return sendNoDataset(reply)
  const query = request.query as Record<string, string | string[] | undefined>
  const read = readQuery(query)
  if ('errors' in read) return sendBadRequest(reply, read.errors)
  const bytes = request.body
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    return sendBadRequest(reply, [{ name: 'body', in: 'body', reason: 'is empty: send the file' }])
  }
  let file: Awaited<ReturnType<typeof fileReader.readPackages>>
  try {
    file = await fileReader.readPackages(bytes, read.format)
  } catch (error) {
    return sendFileReaderRefusal(reply, error)
  }
  if (!file.ok) {
    return sendProblem(
      reply,
      problem(
        400,
        `The body is not a ${read.format === 'auto' ? 'file' : read.format} this server reads.`,
        file.faults.map((fault) => ({
          name: fault.location === '' ? 'body' : fault.location,
          in: 'body',
          reason: fault.reason,
        })),
      ),
    )
  }
  const outcome = await answerReadiness({
    packages: file.file.packages,
    name: read.name,
    version: read.version,
    date: read.date ?? today(),
    dataset: served.dataset,
    client: registryClient(registry),
  })
  if ('error' in outcome) {
    const { reason, nearest } = outcome.error
    const near = nearest.length === 0 ? '' : `; nearest: ${nearest.join(', ')}`
    return sendBadRequest(reply, [{ name: 'target', in: 'query', reason: `${reason}${near}` }])
  }
  const text = JSON.stringify(outcome.answer)
  const answered = apiBody(text, null, false)
  await encodeInThreadPool(answered, preferredEncoding(request.headers['accept-encoding']))
  // An answer about a posted file is the poster's: sent once, never kept.
  return sendBody(request, reply, answered, 'no-store')
}

/** A client for one answer when the operator allows registries (COMPAT_REGISTRY=on), else null. */
export function registryClient(registry: RouteContext['registry']): RegistryClient | null {
  return registry === null
    ? null
    : new RegistryClient({
        env: registry.env,
        offline: false,
        timeoutMs: REGISTRY_TIMEOUT_MS,
        maxRequests: MAX_REGISTRY_REQUESTS,
      })
}

interface ReadQuery {
  readonly name: string
  readonly version: string
  readonly format: PostedFormat
  readonly date: string | undefined
}

/** Every fault of the query at once: an unknown parameter, a target that is no NAME@VERSION. */
function readQuery(
  query: Record<string, string | string[] | undefined>,
): ReadQuery | { readonly errors: ParameterError[] } {
  const errors: ParameterError[] = []
  for (const [name, value] of Object.entries(query)) {
    if (!['target', 'format', 'date'].includes(name)) {
      errors.push({
        name,
        in: 'query',
        reason: 'is not a parameter of readiness; target, format and date are',
      })
    } else if (typeof value !== 'string') {
      errors.push({ name, in: 'query', reason: 'must be given once' })
    }
  }
  const { target, format, date } = query
  let name = ''
  let version = ''
  if (target === undefined) {
    errors.push({
      name: 'target',
      in: 'query',
      reason: 'is missing: give NAME@VERSION, such as nodejs@24',
    })
  } else if (typeof target === 'string') {
    const at = target.lastIndexOf('@')
    name = at > 0 ? target.slice(0, at).trim() : ''
    version = at > 0 ? target.slice(at + 1).trim() : ''
    if (name === '' || version === '' || target.length > 256) {
      errors.push({
        name: 'target',
        in: 'query',
        reason: `'${target.slice(0, 80)}' must be NAME@VERSION, such as nodejs@24 or react@19.0.0`,
      })
    }
  }
  if (typeof format === 'string' && !(POSTED_FILE_FORMATS as readonly string[]).includes(format)) {
    errors.push({
      name: 'format',
      in: 'query',
      reason: `must be one of ${POSTED_FILE_FORMATS.join(', ')}`,
    })
  }
  if (typeof date === 'string') errors.push(...dateParameterErrors(date))
  if (errors.length > 0) return { errors }
  return {
    name,
    version,
    format: (typeof format === 'string' ? format : 'auto') as PostedFormat,
    date: typeof date === 'string' ? date : undefined,
  }
}

function bodyTypeOf(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if (type === undefined) return null
  return BODY_TYPES.includes(type) || JSON_SUFFIX.test(type) ? type : null
}
