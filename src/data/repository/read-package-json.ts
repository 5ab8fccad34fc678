/**
 * `package.json`: the runtimes a package admits (`engines`: `node`, and any other engine it
 * names, each a range in npm's syntax), and the Node.js Volta pins (`volta.node`). Workspaces'
 * own package.json files are read too; `node_modules` never.
 */

import { isJsonObject } from '../../core/json/is-json-object.ts'
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import { convertRange } from '../import/convert-range.ts'
import { pointerTo } from '../import/shape-reader.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { jsonPointerLines } from './json-pointer-lines.ts'
import { pinnedVersion } from './pinned-version.ts'
import { writtenRange } from './written-range.ts'

/** @example readPackageJson('{"engines":{"node":">=18"}}', 'package.json', context).declarations[0]?.declared // { range: '>=18', ranges: ['>=18'] } */
export const readPackageJson: RepositoryFileReader = (text, file) => {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    return {
      declarations: [],
      faults: [{ file, line: null, reason: `is not valid JSON: ${(error as Error).message}` }],
    }
  }
  if (!isJsonObject(document)) return { declarations: [], faults: [] }
  const found: { pointer: string; make: (line: number) => Declaration }[] = []
  const engines = document.engines
  if (isJsonObject(engines)) {
    for (const [engine, range] of Object.entries(engines)) {
      if (typeof range !== 'string') continue
      found.push({
        pointer: pointerTo('/engines', engine),
        make: (line) => ({
          component: engine,
          kind: 'engines',
          text: `${engine} ${range}`,
          declared: writtenRange(range, convertRange),
          location: { file, line },
        }),
      })
    }
  }
  const volta = document.volta
  if (isJsonObject(volta) && typeof volta.node === 'string') {
    const pin = volta.node
    found.push({
      pointer: '/volta/node',
      make: (line) => ({
        component: 'nodejs',
        kind: 'version-file',
        text: `volta node ${pin}`,
        declared: pinnedVersion(pin),
        location: { file, line },
      }),
    })
  }
  const lines = jsonPointerLines(
    text,
    found.map(({ pointer }) => pointer),
  )
  return {
    declarations: found.map(({ pointer, make }) => make(lines.get(pointer) ?? 1)),
    faults: [],
  }
}
