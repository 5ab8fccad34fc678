/**
 * A compose file (`compose.yaml`, `docker-compose.yml`, overrides such as
 * `docker-compose.prod.yml`): the `image:` of every service, its variables replaced from the
 * `.env` beside the file and the defaults written in it (`${PG_VERSION:-16}`), as `docker
 * compose` does without a shell environment. A service that only builds (`build:` without
 * `image:`) runs the image its Dockerfile names, which the scan reads there.
 */
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { FileFault, RepositoryFileReader } from './file-reading.ts'
import { imageDeclaration } from './read-dockerfile.ts'
import { readDotenv } from './read-dotenv.ts'
import { mapEntries, mapValue, readYaml, scalarText } from './yaml-nodes.ts'

/** @example readCompose('services:\n  db:\n    image: postgres:16\n', 'compose.yaml', context).declarations[0]?.component // 'postgres' */
export const readCompose: RepositoryFileReader = (text, file, context) => {
  const read = readYaml(text)
  if ('fault' in read) return { declarations: [], faults: [{ file, ...read.fault }] }
  const { yaml } = read
  const env = context.sibling('.env')
  const values = env === undefined ? new Map<string, string>() : readDotenv(env)
  const declarations: Declaration[] = []
  const faults: FileFault[] = []
  for (const [, service] of mapEntries(yaml, mapValue(yaml, yaml.document.contents, 'services'))) {
    const image = mapValue(yaml, service, 'image')
    const written = scalarText(image)
    if (image === undefined || written === undefined) continue
    const declaration = imageDeclaration(written, values, file, yaml.lineOf(image))
    if ('fault' in declaration) faults.push(declaration.fault)
    else declarations.push(declaration)
  }
  return { declarations, faults }
}
