/**
 * The file reader's worker thread (file-reader-pool.ts): derives stacks from SBOMs posted to
 * the API, and reads and renders the stack page's file form, so that neither the reading nor
 * a page of megabytes holds up the thread that answers (docs/web.md, "The stack page").
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { MAX_DERIVED_COMPONENTS } from '../api/request-limits.ts'
import { ComponentMatcher } from '../core/identifiers/component-matcher.ts'
import type { DerivedStack } from '../core/stack/derive-stack.ts'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import type { StackAnswer } from '../core/stack/stack-answer.ts'
import { derivedFrom, deriveSbom } from '../data/stack-files/derive-sbom.ts'
import { detectStackFile } from '../data/stack-files/detect-stack-file.ts'
import type { StackFileView } from '../site/stack-file-markup.ts'
import { decodeFormFile } from './decode-form-file.ts'
import {
  type FileReaderReply,
  type FileReaderRequest,
  type MatchedAgainst,
  type RenderedFilePage,
  WORKER_READY,
} from './file-reader-messages.ts'
import { type FilePageContext, renderFilePage } from './render-file-page.ts'

// At the lowest priority: on a machine with few cores, a large file is read with the CPU the
// answers leave, and the answers keep their latency; under a load that saturates the core the
// file waits instead (nice 5 let it add 17 ms to the small answers' p99: docs/performance.md,
// "SBOMs").
if (process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // Not permitted here: read at normal priority.
  }
}

let current: { readonly generation: number; readonly matcher: ComponentMatcher } | null = null

/** The form whose stack is being judged by the thread that answers. */
let awaiting: {
  readonly id: number
  readonly derived: DerivedStack
  readonly text: string
  readonly bytes: number
  readonly page: FilePageContext
} | null = null

const encoder = new TextEncoder()

function reply(message: FileReaderReply): void {
  const transfer =
    'page' in message
      ? [message.page.html.buffer as ArrayBuffer]
      : 'derived' in message && message.derived.ok
        ? [message.derived.derivedFields.buffer as ArrayBuffer]
        : []
  parentPort?.postMessage(message, transfer)
}

parentPort?.on('message', (message: FileReaderRequest) => {
  try {
    if (message.kind === 'verdict') {
      reply(judged(message.id, message.stackAnswer))
      return
    }
    awaiting = null
    const matcher = matcherFor(message)
    if (matcher === null) {
      reply({ id: message.id, error: `no matcher for generation ${message.generation}` })
      return
    }
    if (message.kind === 'sbom')
      reply({ id: message.id, derived: deriveSbom(message.bytes, message.format, matcher) })
    else reply(readForm(message.id, message.body, message.page, matcher))
  } catch (error) {
    // A reader's bug must not end the worker: the request gets a 500, the next one an answer.
    awaiting = null
    reply({ id: message.id, error: String((error as Error)?.stack ?? error) })
  }
})

function matcherFor(message: MatchedAgainst): ComponentMatcher | null {
  if (message.matcher !== undefined) {
    current = { generation: message.generation, matcher: new ComponentMatcher(message.matcher) }
  }
  return current?.generation === message.generation ? current.matcher : null
}

/** The form's page, or the derived stack whose verdict the page needs. */
function readForm(
  id: number,
  body: Uint8Array,
  page: FilePageContext,
  matcher: ComponentMatcher,
): FileReaderReply {
  const file = decodeFormFile(body)
  if ('refused' in file)
    return rendered(id, page, file.status, { text: '', outcome: { refused: file.refused } }, 0)
  const { text, bytes } = file
  // The server reads one file: a requirements file's includes are not followed here.
  const derived = derivedFrom(detectStackFile(text), matcher)
  if (!derived.ok) {
    const outcome = { faults: derived.faults, faultCount: derived.faultCount }
    return rendered(id, page, 400, { text, outcome }, bytes)
  }
  const { components } = derived.stack
  if (components.length > MAX_DERIVED_COMPONENTS) {
    const refused = `The file matches ${components.length} catalogued projects; a stack derived from a file holds at most ${MAX_DERIVED_COMPONENTS}.`
    return rendered(id, page, 400, { text, outcome: { refused } }, bytes)
  }
  awaiting = { id, derived: derived.stack, text, bytes, page }
  return { id, judge: components }
}

/** The page for the form awaiting this verdict. */
function judged(id: number, stackAnswer: string): FileReaderReply {
  const form = awaiting
  awaiting = null
  if (form === null || form.id !== id) return { id, error: `no form ${id} awaits a verdict` }
  const { derivedFrom: from, matches, unmatched, duplicates } = form.derived
  const answer: DerivedStackAnswer = {
    ...(JSON.parse(stackAnswer) as StackAnswer),
    derivedFrom: from,
    matches,
    unmatched,
    duplicates,
  }
  return rendered(id, form.page, 200, { text: form.text, outcome: { derived: answer } }, form.bytes)
}

function rendered(
  id: number,
  page: FilePageContext,
  status: RenderedFilePage['status'],
  view: StackFileView,
  bytes: number,
): FileReaderReply {
  return { id, page: { status, html: encoder.encode(renderFilePage(page, status, view, bytes)) } }
}

// Loaded: files may come (their CPU time is counted from here, not the modules').
parentPort?.postMessage(WORKER_READY)
