/**
 * Where a question is answered: offline on a data directory (the bundled data by default), or
 * by the server at `--url`. The same options and rules for every command that asks
 * (`check`, `versions`, `dependency`, `stack`, `plan`).
 */
import type { Dataset } from '../core/dataset/build-dataset.ts'
import type { CliContext } from './cli-context.ts'
import { usageError } from './cli-error.ts'
import { SERVER_TIMEOUT_OPTION } from './help/common-options.ts'
import { parseTimeoutMs } from './parse-timeout.ts'
import { parseBaseUrl } from './remote-check.ts'
import { loadValidDataset, resolveDataDir } from './resolve-data-dir.ts'

export type AnswerSource =
  | {
      readonly server: null
      readonly dataFlag: string | undefined
      /** The dataset of `dataFlag` when a command has loaded it already (to match `--from` files). */
      readonly dataset?: Dataset
    }
  | { readonly server: URL; readonly timeoutMs: number }

/** `--data` or `--url` (not both); `--timeout` only with `--url`. */
export function readAnswerSource(
  command: string,
  values: { readonly data?: string; readonly url?: string; readonly timeout?: string },
): AnswerSource {
  if (values.data !== undefined && values.url !== undefined) {
    throw usageError(command, 'give --data (answer offline) or --url (ask a server), not both')
  }
  if (values.timeout !== undefined && values.url === undefined) {
    throw usageError(command, '--timeout applies only with --url')
  }
  if (values.url === undefined) return { server: null, dataFlag: values.data }
  return {
    server: parseBaseUrl(command, values.url),
    timeoutMs: parseTimeoutMs(command, values.timeout, SERVER_TIMEOUT_OPTION.defaultSeconds),
  }
}

/** The dataset an offline answer is computed from, refused when it has faults. */
export async function offlineDataset(
  command: string,
  dataFlag: string | undefined,
  context: CliContext,
): Promise<Dataset> {
  const dir = await resolveDataDir(command, dataFlag, context)
  return (await loadValidDataset(dir, context)).dataset
}
