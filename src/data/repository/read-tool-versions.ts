/**
 * asdf's `.tool-versions` (mise reads it too): `TOOL VERSION [VERSION…]` a line, the first
 * version the one used. `system`, `ref:…` and `path:…` name no version.
 */
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { pinnedVersion } from './pinned-version.ts'
import { toolName } from './tool-name.ts'

/** @example readToolVersions('nodejs 20.11.1\npython 3.12.2\n', '.tool-versions', context).declarations.length // 2 */
export const readToolVersions: RepositoryFileReader = (text, file) => {
  const declarations: Declaration[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const [tool, version] = (lines[index] as string).replace(/#.*/, '').trim().split(/\s+/)
    if (tool === undefined || tool === '' || version === undefined) continue
    declarations.push({
      ...toolName(tool),
      kind: 'tool-versions',
      text: `${tool} ${version}`,
      declared: pinnedVersion(version),
      location: { file, line: index + 1 },
    })
  }
  return { declarations, faults: [] }
}
