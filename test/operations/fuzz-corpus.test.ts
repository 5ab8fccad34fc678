/**
 * The fuzz corpus (test/fixtures/fuzz/) replayed through every stack-file reader, the command
 * line's `--from`, and the HTTP routes that take a body: each entry gets a bounded, well-formed
 * answer — no exception, no 5xx, at most 100 faults listed with their count, no control
 * character in a message, no quote past 80 characters of a line, a page of at most 2 MiB.
 */
import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { MAX_BODY_BYTES, MAX_SBOM_BYTES } from '../../src/api/request-limits.ts'
import { readFromFiles } from '../../src/cli/read-from-files.ts'
import { parseJsonObject } from '../../src/core/json/parse-json-object.ts'
import { MAX_EXCERPT_LENGTH } from '../../src/core/text/excerpt.ts'
import { detectStackFile } from '../../src/data/stack-files/detect-stack-file.ts'
import { readCycloneDx } from '../../src/data/stack-files/read-cyclonedx.ts'
import { readHelmList, splitChart } from '../../src/data/stack-files/read-helm-list.ts'
import { readKubectlVersion } from '../../src/data/stack-files/read-kubectl-version.ts'
import { readPackageLock } from '../../src/data/stack-files/read-package-lock.ts'
import { readRequirements } from '../../src/data/stack-files/read-requirements.ts'
import { readSbom } from '../../src/data/stack-files/read-sbom.ts'
import { readSpdx } from '../../src/data/stack-files/read-spdx.ts'
import { requirementsLines } from '../../src/data/stack-files/requirements-lines.ts'
import { MAX_FAULTS, type ReadStackFile } from '../../src/data/stack-files/stack-file.ts'
import { MAX_FILE_PAGE_BYTES } from '../../src/http/render-file-page.ts'
import { buildFixtureApp } from '../support/fixture-app.ts'
import { fuzzCorpus } from '../support/fuzz-corpus.ts'
import { tempDir } from '../support/temp-dir.ts'

const CORPUS = fuzzCorpus()

// C0, DEL, C1: none reaches a message as itself.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
/**
 * A message quotes at most 80 characters of the file (each control character written as a
 * six-character escape), with a few dozen words of its own.
 */
const MAX_MESSAGE_LENGTH = 6 * MAX_EXCERPT_LENGTH + 360

/** What a reader said about a file: bounded, escaped. */
function assertWellFormed(read: ReadStackFile, what: string): void {
  const messages = read.ok
    ? read.stack.leftOut.map((left) => left.reason)
    : read.faults.map((fault) => fault.reason)
  if (!read.ok) {
    assert.ok(read.faults.length <= MAX_FAULTS, `${what}: ${read.faults.length} faults listed`)
    assert.ok(read.faultCount >= read.faults.length, `${what}: faults counted`)
  }
  for (const message of messages) {
    assert.doesNotMatch(message, CONTROL, `${what}: a control character in ${message}`)
    assert.ok(message.length <= MAX_MESSAGE_LENGTH, `${what}: ${message.length} characters`)
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true })
const textOf = (bytes: Buffer): string | null => {
  try {
    return decoder.decode(bytes)
  } catch {
    return null
  }
}

describe('every reader', () => {
  for (const entry of CORPUS) {
    test(`${entry.name} (${entry.from}): ${entry.why}`, () => {
      for (const format of ['any', 'cyclonedx', 'spdx'] as const)
        assertWellFormed(readSbom(entry.bytes, format), `readSbom ${format}`)
      const text = textOf(entry.bytes)
      if (text === null) return
      const counter = { steps: 0 }
      assertWellFormed(detectStackFile(text, 'fuzz.txt', { counter }), 'detectStackFile')
      assert.ok(counter.steps <= 40 * text.length + 1000, `${counter.steps} steps`)
      assertWellFormed(
        readRequirements(text, { name: 'r.txt', readInclude: () => ({ refused: 'not here' }) }),
        'readRequirements',
      )
      assert.ok(requirementsLines(text).length <= text.length)
      splitChart(text)
      let parsed: unknown
      try {
        parsed = parseJsonObject(text, 128, false).value
      } catch {
        return
      }
      for (const reader of [
        readCycloneDx,
        readSpdx,
        readPackageLock,
        readHelmList,
        readKubectlVersion,
      ])
        assertWellFormed(reader(parsed), reader.name)
    })
  }
})

describe('compat stack --from', () => {
  let dir: string
  before(async () => {
    dir = await tempDir('compat-fuzz-')
  })
  for (const entry of CORPUS) {
    test(`${entry.name}: a clear answer, nothing of the file printed raw`, async () => {
      await writeFile(join(dir, entry.name), entry.bytes)
      const err: string[] = []
      const context = { cwd: dir, env: {}, out: () => {}, err: (line: string) => err.push(line) }
      try {
        await readFromFiles('stack', [entry.name], context)
      } catch (error) {
        assert.equal((error as Error).name, 'CliError', String(error))
        err.push((error as Error).message)
      }
      assert.ok(err.length <= MAX_FAULTS + 2, `${err.length} lines`)
      for (const line of err) {
        assert.doesNotMatch(line, CONTROL, line)
        assert.ok(line.length <= MAX_MESSAGE_LENGTH + 800, `${line.length} characters`)
      }
    })
  }
})

describe('the routes that take a body', () => {
  let app: FastifyInstance
  before(async () => {
    app = await buildFixtureApp()
  })
  after(() => app.close())

  const post = (url: string, contentType: string, payload: Buffer) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })

  /** A problem, or a JSON answer, as bounded as its body allows. */
  const assertAnswer = (response: Awaited<ReturnType<typeof post>>, body: Buffer, what: string) => {
    assert.ok([200, 400, 413].includes(response.statusCode), `${what}: ${response.statusCode}`)
    assert.equal(response.headers['x-content-type-options'], 'nosniff', what)
    const answer = response.json() as { errors?: { name: string; reason: string }[] }
    if (response.statusCode === 200) {
      assert.ok(response.rawPayload.length <= 8 * body.length + 1024 * 1024, what)
      return
    }
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/, what)
    assert.ok((answer.errors ?? []).length <= 100, `${what}: ${answer.errors?.length} errors`)
    for (const error of answer.errors ?? []) {
      assert.doesNotMatch(error.reason, CONTROL, what)
      assert.ok(error.reason.length <= MAX_MESSAGE_LENGTH, `${what}: ${error.reason.length}`)
    }
  }

  for (const entry of CORPUS) {
    test(`${entry.name}: posted as an SBOM, to the form, and as JSON when small`, async () => {
      const { bytes } = entry
      if (bytes.length <= MAX_SBOM_BYTES) {
        for (const type of ['application/vnd.cyclonedx+json', 'application/spdx+json'])
          assertAnswer(await post('/api/v1/stack', type, bytes), bytes, type)
      }
      // The form's body: every byte percent-encoded, as a browser sends a file's text.
      const form = Buffer.from(
        `file=${[...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`,
      )
      const page = await post('/stack', 'application/x-www-form-urlencoded', form)
      assert.ok([200, 400, 413].includes(page.statusCode), `form: ${page.statusCode}`)
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8')
      assert.ok(
        page.rawPayload.length <= MAX_FILE_PAGE_BYTES,
        `a page of ${page.rawPayload.length}`,
      )
      if (bytes.length > MAX_BODY_BYTES) return
      for (const url of ['/api/v1/check', '/api/v1/stack', '/api/v1/plan'])
        assertAnswer(await post(url, 'application/json', bytes), bytes, url)
    })
  }
})
