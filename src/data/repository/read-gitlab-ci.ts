/**
 * GitLab CI's `.gitlab-ci.yml`: the `image:` and `services:` of the pipeline (top level and
 * `default:`) and of every job, hidden template jobs (`.node-base`) included, since jobs
 * `extends:` them. Each written as a name or as `{name: …}`; `$VARIABLES` replaced from the
 * file's own `variables:` (the job's, then the pipeline's).
 */
import { isScalar, type Node } from 'yaml'
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { FileFault, RepositoryFileReader } from './file-reading.ts'
import { imageDeclaration } from './read-dockerfile.ts'
import {
  listItems,
  mapEntries,
  mapValue,
  readYaml,
  scalarText,
  type YamlFile,
} from './yaml-nodes.ts'

/** Top-level keys that are no job. */
const GLOBAL_KEYWORDS = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'before_script',
  'after_script',
  'cache',
  'spec',
])

/** @example readGitlabCi('image: node:20\n', '.gitlab-ci.yml', context).declarations[0]?.component // 'node' */
export const readGitlabCi: RepositoryFileReader = (text, file) => {
  const read = readYaml(text)
  if ('fault' in read) return { declarations: [], faults: [{ file, ...read.fault }] }
  const { yaml } = read
  const root = yaml.document.contents
  const global = variablesOf(yaml, mapValue(yaml, root, 'variables'), new Map())
  const holders: Node[] = []
  if (root !== null) holders.push(root as Node)
  const defaults = mapValue(yaml, root, 'default')
  if (defaults !== undefined) holders.push(defaults)
  for (const [key, job] of mapEntries(yaml, root)) {
    if (!GLOBAL_KEYWORDS.has(key) && job !== undefined) holders.push(job)
  }
  const declarations: Declaration[] = []
  const faults: FileFault[] = []
  for (const holder of holders) {
    const values =
      holder === root ? global : variablesOf(yaml, mapValue(yaml, holder, 'variables'), global)
    const images: Node[] = []
    const image = mapValue(yaml, holder, 'image')
    const imageName = isScalar(image) ? image : mapValue(yaml, image, 'name')
    if (imageName !== undefined) images.push(imageName)
    for (const service of listItems(yaml, mapValue(yaml, holder, 'services'))) {
      const name = isScalar(service) ? service : mapValue(yaml, service, 'name')
      if (name !== undefined) images.push(name)
    }
    for (const node of images) {
      const written = scalarText(node)
      if (written === undefined) continue
      const found = imageDeclaration(written, values, file, yaml.lineOf(node))
      if ('fault' in found) faults.push(found.fault)
      else declarations.push(found)
    }
  }
  return { declarations, faults }
}

/** A `variables:` map over inherited values: `NAME: value` or `NAME: {value: …}`. */
function variablesOf(
  yaml: YamlFile,
  node: Node | undefined,
  inherited: ReadonlyMap<string, string>,
): Map<string, string> {
  const values = new Map(inherited)
  for (const [name, value] of mapEntries(yaml, node)) {
    const text = scalarText(isScalar(value) ? value : mapValue(yaml, value, 'value'))
    if (text !== undefined) values.set(name, text)
  }
  return values
}
