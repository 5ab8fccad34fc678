import assert from 'node:assert/strict'
import { test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../test/support/fixture-app.ts'
import type { StackResult } from '../api/response-schemas.ts'
import { answerQuestion, type Question } from './answer-question.ts'
import type { AnswerSource } from './answer-source.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'

const ANSWER = { compatible: 'compatible', pairs: [], resolved: {} } as unknown as StackResult
// Nothing listens there: the questions below answer without the network.
const SERVER: AnswerSource = { server: new URL('http://127.0.0.1:9/'), timeoutMs: 1000 }
const OFFLINE: AnswerSource = { server: null, dataFlag: FIXTURE_DATA_DIR }
const NOT_A_STACK =
  'the server at http://127.0.0.1:9/ answered, but not with a stack answer; is --url the base URL of a compat server?'

/** A stack question whose server sends `body` and whose dataset gives `ANSWER`. */
function question(body: string): Question<StackResult> {
  return {
    command: 'stack',
    offline: () => ANSWER,
    online: async () => ({ data: null, text: body }),
    fields: ['compatible', 'pairs', 'resolved'],
    what: 'a stack answer',
    describe: (answer) => ['TABLE', `stack: ${answer.compatible}`],
  }
}

function capture(): { context: CliContext; out: string[] } {
  const out: string[] = []
  const context: CliContext = {
    cwd: process.cwd(),
    env: {},
    out: (line) => out.push(line),
    err: () => {},
  }
  return { context, out }
}

// Columns: what the case protects, the source, the server's body, --json, the lines printed or
// the error thrown.
const CASES: readonly (readonly [string, AnswerSource, string, boolean, string[] | string])[] = [
  ['offline: the lines', OFFLINE, '', false, ['TABLE', 'stack: compatible']],
  ["offline --json: the serializer's bytes", OFFLINE, '', true, [JSON.stringify(ANSWER)]],
  ['--url: the lines', SERVER, JSON.stringify(ANSWER), false, ['TABLE', 'stack: compatible']],
  [
    '--url --json: the bytes as the server sent them, spaces and all',
    SERVER,
    '{ "compatible": "compatible", "pairs": [], "resolved": {} }',
    true,
    ['{ "compatible": "compatible", "pairs": [], "resolved": {} }'],
  ],
  ['--url: JSON without the fields is no answer', SERVER, '{"status":"ok"}', false, NOT_A_STACK],
  ['--url: a body that is not JSON is no answer', SERVER, '<html>', true, NOT_A_STACK],
]

for (const [rule, source, body, json, expected] of CASES) {
  test(`answerQuestion, ${rule}`, async () => {
    const { context, out } = capture()
    const run = answerQuestion(
      question(body),
      source,
      { url: 'http://127.0.0.1:9/', json },
      context,
    )
    if (typeof expected === 'string') {
      await assert.rejects(run, new CliError(expected))
      assert.deepEqual(out, [], 'nothing is printed before the answer is read')
    } else {
      assert.deepEqual(await run, ANSWER, 'resolves to the answer read')
      assert.deepEqual(out, expected)
    }
  })
}

test("answerQuestion: the error of an offline question that has no answer is the command's", async () => {
  const { context } = capture()
  const unknown = {
    ...question(''),
    offline: () => {
      throw new CliError('no project x')
    },
  }
  await assert.rejects(answerQuestion(unknown, OFFLINE, {}, context), new CliError('no project x'))
})
