import { isRecord } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

export const idMatchesFile: DocumentRule = {
  name: 'id-matches-file',
  description: 'The file name (without extension) is the project id.',
  check(document, fileId) {
    if (!isRecord(document) || typeof document.id !== 'string' || document.id === fileId) return []
    return [{ path: ['id'], message: `id '${document.id}' must equal the file name '${fileId}'` }]
  },
}
