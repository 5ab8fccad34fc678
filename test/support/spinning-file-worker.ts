/**
 * A file reader's worker for tests of the work budget: a form, or an SBOM whose bytes read
 * "spin", never ends (as a reader caught in a loop would not); any other SBOM is answered at once.
 */
import { parentPort } from 'node:worker_threads'
import { type FileReaderRequest, WORKER_READY } from '../../src/http/file-reader-messages.ts'

parentPort?.on('message', (message: FileReaderRequest) => {
  if (message.kind === 'form') for (;;);
  if (message.kind !== 'sbom') return
  if (new TextDecoder().decode(message.bytes) === 'spin') for (;;);
  parentPort?.postMessage({
    id: message.id,
    sbom: { ok: true, answer: { identity: new TextEncoder().encode('{}') } },
  })
})

parentPort?.postMessage(WORKER_READY)
