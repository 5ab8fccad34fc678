/**
 * The one shape of the commands that ask a question (`versions`, `lifecycle`, `dependency`,
 * `stack`, `plan`):
 * the answer computed offline or fetched from `--url`, read, and printed as JSON or as the
 * command's own lines.
 */
import type { ApiAnswer, CompatClient } from '../api/client.ts'
import { serializeAnswer } from '../api/serialize-answer.ts'
import type { Dataset } from '../core/dataset/build-dataset.ts'
import { type DerivedFile, derivedFields } from '../data/stack-files/merge-derived-stacks.ts'
import { type AnswerSource, offlineDataset } from './answer-source.ts'
import type { CliContext } from './cli-context.ts'
import { describeDerived } from './describe-derived.ts'
import { readAnswer } from './read-answer.ts'
import { askServer } from './remote-check.ts'

/**
 * The answers the server writes with `serializeAnswer`: their objects are built in their
 * schema's order, so offline they are the server's bytes.
 */
type Answer = Parameters<typeof serializeAnswer>[0]

/** What a command asks, and how it shows the answer. */
export interface Question<T extends Answer> {
  /** The command's name, for its messages. */
  readonly command: string
  /** The answer from a valid dataset; throws a `CliError` when the dataset has none. */
  readonly offline: (dataset: Dataset) => T
  /** The same question put to a server through the typed client. */
  readonly online: (client: CompatClient) => Promise<ApiAnswer<unknown>>
  /** Fields every answer has: a server's 200 without them is no compat server's answer. */
  readonly fields: readonly (keyof T & string)[]
  /** The answer in words, for the message when a server's is not one (`a versions answer`). */
  readonly what: string
  /** The answer as the lines a person reads (a table and a summary). */
  readonly describe: (answer: T) => readonly string[]
}

/**
 * Answers `question` from `source` and prints it: the answer's JSON exactly as it came with
 * `--json`, else its lines. Resolves to the answer, from which the command takes its exit code.
 *
 * For a stack derived from files (`--from`), `fromFiles` are those files: what they derived
 * is printed before the answer's lines, or follows the answer's own fields in its JSON, as the
 * server answers for an SBOM.
 *
 * @example const result = await answerQuestion(STACK_QUESTION, source, values, context)
 */
export async function answerQuestion<T extends Answer>(
  question: Question<T>,
  source: AnswerSource,
  values: { readonly url?: string; readonly json?: boolean; readonly verbose?: boolean },
  context: CliContext,
  fromFiles?: readonly DerivedFile[],
): Promise<T> {
  const body =
    source.server === null
      ? serializeAnswer(
          question.offline(
            source.dataset ?? (await offlineDataset(question.command, source.dataFlag, context)),
          ),
        )
      : await askServer(source.server, source.timeoutMs, question.online)
  // Offline answers are read too: the same path for both sources, and the same failure.
  const answer = readAnswer<T>(body, values.url, question.fields, question.what)
  if (values.json === true) {
    // With files, the answer and what they derived composed, then written once.
    context.out(
      fromFiles === undefined ? body : JSON.stringify({ ...answer, ...derivedFields(fromFiles) }),
    )
  } else {
    if (fromFiles !== undefined)
      for (const line of [...describeDerived(fromFiles, { verbose: values.verbose ?? true }), '']) {
        context.out(line)
      }
    for (const line of question.describe(answer)) context.out(line)
  }
  return answer
}
