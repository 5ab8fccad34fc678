/**
 * The file reader's worker thread (file-reader-pool.ts): derives stacks from SBOMs posted to
 * the API, reads the packages of files posted for readiness, and reads and renders the stack
 * page's file form, so that neither the reading nor a page of megabytes holds up the thread
 * that answers (docs/web.md, "The stack page").
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { MAX_DERIVED_COMPONENTS } from '../api/request-limits.ts'
import { ComponentMatcher } from '../core/identifiers/component-matcher.ts'
import type { DerivedStack } from '../core/stack/derive-stack.ts'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import type { StackAnswer } from '../core/stack/stack-answer.ts'
import { readPostedFile } from '../data/readiness-inputs/read-posted-file.ts'
import { deriveFiles } from '../data/stack-files/derive-files.ts'
import { deriveSbom } from '../data/stack-files/derive-sbom.ts'
import { readSbom } from '../data/stack-files/read-sbom.ts'
import type { FileParts } from '../site/file-lists-markup.ts'
import type { StackFileView } from '../site/stack-file-markup.ts'
import { compressed, type Encoding } from './cached-body.ts'
import { decodeFormFile } from './decode-form-file.ts'
import {
  type FileReaderReply,
  type FileReaderRequest,
  type MadeAnswer,
  type MatchedAgainst,
  type RenderedFilePage,
  WORKER_READY,
} from './file-reader-messages.ts'
import { type FilePageContext, renderFilePage } from './render-file-page.ts'
import { MIN_COMPRESS_BYTES } from './server-limits.ts'

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

/** A file whose stack is being judged by the thread that answers, and what to make then. */
let awaiting:
  | {
      readonly id: number
      readonly kind: 'sbom'
      readonly derived: DerivedStack
      readonly encoding: Encoding | null
    }
  | {
      readonly id: number
      readonly kind: 'form'
      readonly derived: DerivedStack
      /** With several files, what each derived. */
      readonly files: readonly FileParts[]
      readonly text: string
      readonly others: readonly string[]
      readonly bytes: number
      readonly target: string
      readonly page: FilePageContext
      readonly encoding: Encoding | null
    }
  | null = null

const encoder = new TextEncoder()

function reply(message: FileReaderReply): void {
  const made =
    'page' in message
      ? message.page.html
      : 'sbom' in message && 'answer' in message.sbom
        ? message.sbom.answer
        : null
  const transfer =
    made === null
      ? []
      : [made.identity.buffer, ...(made.encoded === undefined ? [] : [made.encoded.bytes.buffer])]
  parentPort?.postMessage(message, transfer as ArrayBuffer[])
}

parentPort?.on('message', (message: FileReaderRequest) => {
  try {
    if (message.kind === 'verdict') {
      reply(judged(message))
      return
    }
    awaiting = null
    if (message.kind === 'packages') {
      reply({ id: message.id, packages: readPostedFile(message.bytes, message.format) })
      return
    }
    if (message.kind === 'tell') {
      const read = readSbom(message.bytes, 'auto')
      reply({ id: message.id, told: read.ok ? read.stack.format : read.format })
      return
    }
    const matcher = matcherFor(message)
    if (matcher === null) {
      reply({ id: message.id, error: `no matcher for generation ${message.generation}` })
      return
    }
    if (message.kind === 'sbom') reply(readSbomBody(message, matcher))
    else reply(readForm(message.id, message.body, message.page, message.encoding, matcher))
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

/** An SBOM's faults, or the derived stack whose verdict its answer needs. */
function readSbomBody(
  message: Extract<FileReaderRequest, { kind: 'sbom' }>,
  matcher: ComponentMatcher,
): FileReaderReply {
  const derived = deriveSbom(message.bytes, message.format, matcher)
  if (!derived.ok) return { id: message.id, sbom: derived }
  const { components } = derived.stack
  if (components.length > MAX_DERIVED_COMPONENTS)
    return { id: message.id, sbom: { ok: true, tooMany: components.length } }
  const { id, encoding } = message
  awaiting = { id, kind: 'sbom', derived: derived.stack, encoding }
  return { id, judge: { components, readiness: null } }
}

/** The form's page, or the derived stack whose verdict the page needs. */
function readForm(
  id: number,
  body: Uint8Array,
  page: FilePageContext,
  encoding: Encoding | null,
  matcher: ComponentMatcher,
): FileReaderReply {
  const file = decodeFormFile(body)
  const render = (status: RenderedFilePage['status'], view: StackFileView, bytes: number) =>
    rendered(id, page, encoding, status, view, bytes)
  if ('refused' in file)
    return render(file.status, { text: '', outcome: { refused: file.refused } }, 0)
  const { text, others, bytes, target } = file
  // The files of one deployment, read apart and merged; one file is read as it always was.
  const derived = deriveFiles([text, ...others], matcher)
  const texts = { text, ...(others.length === 0 ? {} : { others }) }
  const asked = { target, outcome: null }
  if (!derived.ok) {
    const outcome =
      'conflict' in derived
        ? { refused: derived.conflict }
        : { faults: derived.faults, faultCount: derived.faultCount }
    return render(400, { ...texts, outcome, readiness: asked }, bytes)
  }
  const { components } = derived.stack
  awaiting = {
    id,
    kind: 'form',
    derived: derived.stack,
    files: derived.files,
    text,
    others,
    bytes,
    target,
    page,
    encoding,
  }
  // "Can it take …?": the (first) file's packages, for the thread that may ask registries.
  const readiness =
    target.trim() === '' ? null : { target, packages: readPostedFile(encoder.encode(text), 'auto') }
  const judgeable = components.length <= MAX_DERIVED_COMPONENTS
  return { id, judge: { components: judgeable ? components : null, readiness } }
}

/** The answer, or the page, of the file awaiting this verdict. */
function judged(verdict: Extract<FileReaderRequest, { kind: 'verdict' }>): FileReaderReply {
  const { id, stackAnswer } = verdict
  const file = awaiting
  awaiting = null
  if (file === null || file.id !== id) return { id, error: `no file ${id} awaits a verdict` }
  if (file.kind === 'sbom') {
    if (stackAnswer === null) return { id, error: 'an SBOM was not judged' }
    const answer = JSON.stringify(derivedStackAnswer(stackAnswer, file.derived))
    return { id, sbom: { ok: true, answer: made(encoder.encode(answer), file.encoding) } }
  }
  const { bytes, page, encoding } = file
  const texts = { text: file.text, ...(file.others.length === 0 ? {} : { others: file.others }) }
  const readiness = { target: file.target, outcome: verdict.readiness ?? null }
  if (stackAnswer === null) {
    const count = file.derived.components.length
    const several = file.others.length > 0
    const refused = `The ${several ? 'files match' : 'file matches'} ${count} catalogued projects; a stack derived from ${several ? 'files' : 'a file'} holds at most ${MAX_DERIVED_COMPONENTS}.`
    return rendered(id, page, encoding, 400, { ...texts, outcome: { refused }, readiness }, bytes)
  }
  const answer = derivedStackAnswer(stackAnswer, file.derived)
  const outcome = { derived: answer, ...(file.files.length > 1 ? { files: file.files } : {}) }
  return rendered(id, page, encoding, 200, { ...texts, outcome, readiness }, bytes)
}

/**
 * The answer to a stack derived from a file, in its schema's order: the stack's own answer,
 * then what it was derived from. The API writes it, the stack page draws it.
 */
function derivedStackAnswer(stack: StackAnswer, derived: DerivedStack): DerivedStackAnswer {
  const { derivedFrom, matches, unmatched, duplicates } = derived
  return { ...stack, derivedFrom, matches, unmatched, duplicates }
}

function rendered(
  id: number,
  page: FilePageContext,
  encoding: Encoding | null,
  status: RenderedFilePage['status'],
  view: StackFileView,
  bytes: number,
): FileReaderReply {
  const html = encoder.encode(renderFilePage(page, status, view, bytes))
  return { id, page: { status, html: made(html, encoding) } }
}

/** The bytes, with their compressed form when the client takes one and it is worth making. */
function made(identity: Uint8Array, encoding: Encoding | null): MadeAnswer {
  if (encoding === null || identity.length < MIN_COMPRESS_BYTES) return { identity }
  const bytes = compressed(identity, encoding)
  // A view of its own buffer, to be handed over without a copy.
  return { identity, encoded: { encoding, bytes: new Uint8Array(bytes) } }
}

// Loaded: files may come (their CPU time is counted from here, not the modules').
parentPort?.postMessage(WORKER_READY)
