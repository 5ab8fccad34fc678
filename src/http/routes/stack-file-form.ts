/**
 * `POST /stack`: the stack page's file form (docs/web.md, "The stack page"), which works without
 * a script. The form's text (`application/x-www-form-urlencoded`, field `file`, at most 4 MiB
 * once decoded) is read by the app's SbomReader as a file of any format compat reads, told from
 * its content, and matched to the served dataset; the page comes back with the stack derived
 * from it in the rows, what came of the file and the stack's verdict (the API's answer for an
 * SBOM, `derivedStackAnswerText`), or with the file's faults and its text kept in the box. An
 * answer holds the poster's file: it is sent once, never kept (`no-store`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MAX_DERIVED_COMPONENTS, MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../../api/request-limits.ts'
import type { DerivedStackAnswer } from '../../core/stack/derived-stack-answer.ts'
import { SbomReaderBusyError } from '../../data/stack-files/sbom-reader.ts'
import { READINESS_FIELD } from '../../site/readiness-markup.ts'
import type { SitePage } from '../../site/site-page.ts'
import { STACK_FILE_FIELD, type StackFileView } from '../../site/stack-file-markup.ts'
import { type CachedBody, encodeInThreadPool } from '../cached-body.ts'
import type { PageStore } from '../page-store.ts'
import { answerFor, preferredEncoding } from '../send-body.ts'
import { readinessOfForm } from './readiness-of-form.ts'
import type { RouteContext } from './route-context.ts'
import { derivedStackAnswerText } from './sbom-stack.ts'

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'
/**
 * The form's body at most: the file's text with every byte percent-encoded (as a browser
 * encodes `{`, `"` and every byte of a non-ASCII character), and room for the field's name.
 */
export const MAX_FORM_BYTES = 3 * MAX_SBOM_BYTES + 1024
const RETRY_AFTER_SECONDS = 1

type Status = SitePage['status']

/**
 * Registers the route inside the site's plugin, whose own parser reads the form (no other
 * route takes one). `pages` is null when the site is not available here.
 */
export function registerStackFileForm(
  app: FastifyInstance,
  context: RouteContext,
  pages: PageStore | null,
  sendUnavailable: (reply: FastifyReply) => unknown,
): void {
  const { holder, today, sbomReader } = context
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, body),
  )

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: Status,
    view: StackFileView,
  ) => {
    const served = holder.current
    if (pages === null) return sendUnavailable(reply)
    // No dataset yet (the server is starting): the shell, whose script shows the page.
    if (status === 503 || served === null) reply.header('retry-after', String(RETRY_AFTER_SECONDS))
    if (served === null) return sendPage(request, reply, 503, pages.loading)
    const body = pages.stackFilePage(served, view, status)
    await encodeInThreadPool(body, preferredEncoding(request.headers['accept-encoding']))
    return sendPage(request, reply, status, body)
  }
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: Status, why: string) =>
    send(request, reply, status, { text: '', outcome: { refused: why } })

  app.post(
    '/stack',
    {
      schema: { hide: true },
      // Fastify's own refusals (a body over the limit, another content type) as the page.
      errorHandler: (error: FastifyError, request, reply) => {
        const why = FASTIFY_REFUSALS[error.statusCode ?? 500]
        if (why === undefined) throw error
        return refuse(request, reply, error.statusCode as Status, why)
      },
    },
    async (request, reply) => {
      const read = formText(request.body)
      if ('refused' in read) return refuse(request, reply, read.status, read.refused)
      const { text, target } = read
      const served = holder.current
      if (served === null) return send(request, reply, 503, { text, outcome: { refused: '' } })
      let derived: Awaited<ReturnType<typeof sbomReader.read>>
      try {
        derived = await sbomReader.read(Buffer.from(text), 'any', served.dataset)
      } catch (error) {
        if (!(error instanceof SbomReaderBusyError)) throw error
        return send(request, reply, 503, {
          text,
          outcome: { refused: 'The server is reading other files; try again in a moment.' },
        })
      }
      const asked = { target, outcome: null }
      if (!derived.ok)
        return send(request, reply, 400, {
          text,
          outcome: { faults: derived.faults },
          readiness: asked,
        })
      const readiness = { target, outcome: await readinessOfForm(text, target, served, context) }
      if (derived.components.length > MAX_DERIVED_COMPONENTS) {
        return send(request, reply, 400, {
          text,
          outcome: {
            refused: `The file matches ${derived.components.length} catalogued projects; a stack derived from a file holds at most ${MAX_DERIVED_COMPONENTS}.`,
          },
          readiness,
        })
      }
      // The holder may serve a newer dataset by now: the stack is judged on the one matched.
      const answer = JSON.parse(
        derivedStackAnswerText(served, derived, today()),
      ) as DerivedStackAnswer
      return send(request, reply, 200, { text, outcome: { derived: answer }, readiness })
    },
  )
}

const FASTIFY_REFUSALS: Readonly<Partial<Record<number, string>>> = {
  400: 'The form could not be read; send it again from this page.',
  413: `The file is larger than ${MAX_SBOM_TEXT}, the most this page reads.`,
  415: `The form must be sent as ${FORM_CONTENT_TYPE}, as this page’s form sends it.`,
}

/** The file's text from the form's body, or why there is none to read. */
function formText(
  body: unknown,
):
  | { readonly text: string; readonly target: string }
  | { readonly status: Status; readonly refused: string } {
  const form = typeof body === 'string' ? new URLSearchParams(body) : new URLSearchParams()
  const values = form.getAll(STACK_FILE_FIELD)
  if (values.length !== 1) {
    return { status: 400, refused: FASTIFY_REFUSALS[400] as string }
  }
  // A form sends a text box's line breaks as CRLF: the file had its own, most likely LF.
  const text = (values[0] as string).replace(/\r\n/g, '\n')
  if (Buffer.byteLength(text) > MAX_SBOM_BYTES) {
    return { status: 413, refused: FASTIFY_REFUSALS[413] as string }
  }
  if (text.trim() === '') {
    return {
      status: 400,
      refused: 'The box was empty: paste the contents of a file, or choose one.',
    }
  }
  return { text, target: form.get(READINESS_FIELD) ?? '' }
}

/** Sends a page once, with its status; never kept anywhere. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: CachedBody,
): FastifyReply {
  const answer = answerFor(body, 'no-store', undefined, request.headers['accept-encoding'])
  reply.code(status)
  for (let index = 0; index < answer.headers.length; index += 2) {
    reply.header(answer.headers[index] as string, answer.headers[index + 1])
  }
  return reply.send(answer.payload ?? undefined)
}
