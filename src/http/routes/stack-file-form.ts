/**
 * `POST /stack`: the stack page's file form (docs/web.md, "The stack page"), which works without
 * a script. The form's body (`application/x-www-form-urlencoded`, field `file`, at most 4 MiB
 * once decoded) goes to the app's file reader as it came: its worker thread decodes the form,
 * reads the file as any format compat reads, told from its content, matches it to the served
 * dataset and renders the page — the stack derived from it in the rows, what came of the file
 * and the stack's verdict (and "Can it take …?" when a target is asked: readiness-of-form.ts),
 * or the file's faults with its text kept in the box — at most 2 MiB
 * however large the file (render-file-page.ts), compressed there as the client takes it. This
 * thread only judges the derived stack (as the API does) and sends the page. An answer holds the
 * poster's file: it is sent once, never kept (`no-store`); a refusal made here (busy, too
 * large) holds none of it.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MAX_SBOM_BYTES } from '../../api/request-limits.ts'
import type { SitePage } from '../../site/site-page.ts'
import type { StackFileView } from '../../site/stack-file-markup.ts'
import { type CachedBody, encodeInThreadPool } from '../cached-body.ts'
import { READ_CODINGS, unreadCoding, unreadCodingText } from '../content-coding.ts'
import { FILE_TOO_LARGE, FORM_NOT_READ } from '../decode-form-file.ts'
import { fileReaderRefusal } from '../file-reader-refusal.ts'
import type { PageStore } from '../page-store.ts'
import { answerFor, preferredEncoding } from '../send-body.ts'
import { FILES_BUSY_RETRY_AFTER_SECONDS } from '../server-limits.ts'
import { readinessOfForm } from './readiness-of-form.ts'
import type { RouteContext } from './route-context.ts'
import { judgeDerivedStack } from './sbom-stack.ts'

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'
/**
 * The form's body at most: the file's text with every byte percent-encoded (as a browser
 * encodes `{`, `"` and every byte of a non-ASCII character), and room for the field's name.
 */
export const MAX_FORM_BYTES = 3 * MAX_SBOM_BYTES + 1024

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
  const { holder, fileReader } = context
  // The body stays bytes: the file reader's worker decodes it.
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, body),
  )

  /** A page made here, for a refusal that shows nothing of the file. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, status: Status, why: string) => {
    const served = holder.current
    if (pages === null) return sendUnavailable(reply)
    if (status === 503 || served === null)
      reply.header('retry-after', String(FILES_BUSY_RETRY_AFTER_SECONDS))
    // No dataset yet (the server is starting): the shell, whose script shows the page.
    if (served === null) return sendPage(request, reply, 503, pages.loading)
    const view: StackFileView = { text: '', outcome: { refused: why } }
    return sendPage(request, reply, status, pages.stackFilePage(served, view, status))
  }

  app.post(
    '/stack',
    {
      schema: { hide: true },
      // A form sent compressed is refused before it is read, as the API refuses a body.
      onRequest: async (request, reply) => {
        const coding = unreadCoding(request.headers)
        if (coding !== null)
          return refuse(request, reply.headers(READ_CODINGS), 415, unreadCodingText(coding))
      },
      // Fastify's own refusals (a body over the limit, another content type) as the page.
      errorHandler: (error: FastifyError, request, reply) => {
        const why = FASTIFY_REFUSALS[error.statusCode ?? 500]
        if (why === undefined) throw error
        return refuse(request, reply, error.statusCode as Status, why)
      },
    },
    async (request, reply) => {
      const served = holder.current
      if (pages === null || served === null || !(request.body instanceof Uint8Array))
        return refuse(request, reply, served === null ? 503 : 400, FORM_NOT_READ)
      const page = pages.fileContext(served)
      const judge = judgeDerivedStack(served, page.today)
      let rendered: Awaited<ReturnType<typeof fileReader.readForm>>
      try {
        // The holder may serve a newer dataset by now: the stack is judged on the one matched.
        rendered = await fileReader.readForm(
          request.body,
          served.dataset,
          page,
          preferredEncoding(request.headers['accept-encoding']),
          async ({ components, readiness }) => ({
            stackAnswer: components === null ? null : judge(components),
            readiness:
              readiness === null
                ? null
                : await readinessOfForm(readiness.packages, readiness.target, served, context),
          }),
        )
      } catch (error) {
        const refusal = fileReaderRefusal(error)
        if (refusal === null) throw error
        return refuse(request, reply, refusal.status, refusal.detail)
      }
      return sendPage(request, reply, rendered.status, pages.filePage(rendered.html))
    },
  )
}

const FASTIFY_REFUSALS: Readonly<Partial<Record<number, string>>> = {
  400: FORM_NOT_READ,
  413: FILE_TOO_LARGE,
  415: `The form must be sent as ${FORM_CONTENT_TYPE}, as this page’s form sends it.`,
}

/**
 * Sends a page once, with its status; never kept anywhere. A page made here (a refusal, a few
 * KiB) is compressed in the thread pool; the file reader's come compressed already.
 */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: CachedBody,
): Promise<FastifyReply> {
  await encodeInThreadPool(body, preferredEncoding(request.headers['accept-encoding']))
  const answer = answerFor(body, 'no-store', undefined, request.headers['accept-encoding'])
  reply.code(status)
  for (let index = 0; index < answer.headers.length; index += 2) {
    reply.header(answer.headers[index] as string, answer.headers[index + 1])
  }
  return reply.send(answer.payload ?? undefined)
}
