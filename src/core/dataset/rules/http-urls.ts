import { isJsonObject } from '../../json/is-json-object.ts'
import { rememberedByText } from '../../remembered-by-text.ts'
import type { Fault } from '../fault.ts'
import { everySource } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

const isHttpUrl = rememberedByText(judgeUrl)

/** The schema checks the scheme; this checks that the rest is a URL a browser can open. */
function judgeUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

/** website and every source url are well-formed http(s) URLs. */
export const httpUrls: DocumentRule = (document) => {
  const faults: Fault[] = []
  const checkUrl = (value: unknown, path: () => (string | number)[]) => {
    if (typeof value === 'string' && /^https?:\/\//.test(value) && !isHttpUrl(value)) {
      faults.push({ path: path(), message: `'${value}' is not a well-formed URL` })
    }
  }
  if (isJsonObject(document)) checkUrl(document.website, () => ['website'])
  for (const { source, path } of everySource(document)) checkUrl(source.url, () => [...path, 'url'])
  return faults
}
