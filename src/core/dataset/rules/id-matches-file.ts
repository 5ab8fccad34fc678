import { isJsonObject } from '../../json/is-json-object.ts'
import type { DocumentRule } from './rule.ts'

/** The file name (without extension) is the project id. */
export const idMatchesFile: DocumentRule = (document, fileId) => {
  if (!isJsonObject(document) || typeof document.id !== 'string' || document.id === fileId)
    return []
  return [{ path: ['id'], message: `id '${document.id}' must equal the file name '${fileId}'` }]
}
