/**
 * A GitHub Actions workflow (`.github/workflows/*.yml`): the Node.js and Python its jobs set up
 * (`actions/setup-node` `node-version`, `actions/setup-python` `python-version`, one version a
 * line in a list), each value of a matrix such a version names (`${{ matrix.node }}`, include
 * entries too) at the line of the value, `env` values likewise; and the images of each job's
 * `container:` and `services:`.
 */
import { isScalar, type Node, Scalar } from 'yaml'
import type { Declaration, Declared } from '../../core/scan/scan-declaration.ts'
import { convertRange } from '../import/convert-range.ts'
import type { FileFault, RepositoryFileReader } from './file-reading.ts'
import { pinnedVersion } from './pinned-version.ts'
import { imageDeclaration } from './read-dockerfile.ts'
import { writtenRange } from './written-range.ts'
import {
  listItems,
  mapEntries,
  mapValue,
  readYaml,
  scalarText,
  type YamlFile,
} from './yaml-nodes.ts'

/** The setup actions read: the action, the input naming the version, the component. */
const SETUP_ACTIONS: readonly (readonly [string, string, string])[] = [
  ['actions/setup-node', 'node-version', 'nodejs'],
  ['actions/setup-python', 'python-version', 'python'],
]

/** One value as the workflow gives it, or why it cannot be known before the run. */
type Value =
  | { readonly text: string; readonly line: number }
  | { readonly unknown: string; readonly text: string; readonly line: number }

interface Scope {
  readonly yaml: YamlFile
  readonly matrix: Node | undefined
  /** Step, job and workflow `env`, innermost first. */
  readonly envs: readonly (Node | undefined)[]
}

const EXPRESSION = /^\$\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}$/

/** @example readGithubWorkflow(text, '.github/workflows/ci.yml', context).declarations */
export const readGithubWorkflow: RepositoryFileReader = (text, file) => {
  const read = readYaml(text)
  if ('fault' in read) return { declarations: [], faults: [{ file, ...read.fault }] }
  const { yaml } = read
  const root = yaml.document.contents
  const declarations: Declaration[] = []
  const faults: FileFault[] = []
  const workflowEnv = mapValue(yaml, root, 'env')
  for (const [, job] of mapEntries(yaml, mapValue(yaml, root, 'jobs'))) {
    const strategy = mapValue(yaml, job, 'strategy')
    const jobScope: Scope = {
      yaml,
      matrix: mapValue(yaml, strategy, 'matrix'),
      envs: [mapValue(yaml, job, 'env'), workflowEnv],
    }
    const images: Node[] = []
    const container = mapValue(yaml, job, 'container')
    const containerImage = isScalar(container) ? container : mapValue(yaml, container, 'image')
    if (containerImage !== undefined) images.push(containerImage)
    for (const [, service] of mapEntries(yaml, mapValue(yaml, job, 'services'))) {
      const image = isScalar(service) ? service : mapValue(yaml, service, 'image')
      if (image !== undefined) images.push(image)
    }
    for (const image of images) {
      for (const value of valuesOf(jobScope, image)) {
        if ('unknown' in value) continue
        const found = imageDeclaration(value.text, new Map(), file, value.line)
        if ('fault' in found) faults.push(found.fault)
        else declarations.push(found)
      }
    }
    for (const step of listItems(yaml, mapValue(yaml, job, 'steps'))) {
      const uses = scalarText(mapValue(yaml, step, 'uses'))
      if (uses === undefined) continue
      const action = uses.split('@')[0]?.toLowerCase()
      const setup = SETUP_ACTIONS.find(([name]) => name === action)
      if (setup === undefined) continue
      const [, input, component] = setup
      const versionNode = mapValue(yaml, mapValue(yaml, step, 'with'), input)
      if (versionNode === undefined) continue
      const scope: Scope = { ...jobScope, envs: [mapValue(yaml, step, 'env'), ...jobScope.envs] }
      for (const value of valuesOf(scope, versionNode)) {
        declarations.push(setupDeclaration(component, input, value, file))
      }
    }
  }
  return { declarations, faults }
}

function setupDeclaration(
  component: string,
  input: string,
  value: Value,
  file: string,
): Declaration {
  const location = { file, line: value.line }
  const text = `${input}: ${value.text}`
  if ('unknown' in value) {
    return { component, kind: 'setup-action', text, declared: { unknown: value.unknown }, location }
  }
  let written = value.text
  let name = component
  if (component === 'python') {
    // Another Python than CPython (pypy3.10, graalpy-24.1) is its own component.
    const other = /^(pypy|graalpy)-?/i.exec(written)
    if (other !== null) {
      name = (other[1] as string).toLowerCase()
      written = written.slice(other[0].length)
    } else written = written.replace(/t$/, '') // 3.13t: the free-threaded build of 3.13
  }
  return { component: name, kind: 'setup-action', text, declared: setupVersion(written), location }
}

/** A version, a range in npm's syntax (setup-node and setup-python read both), or neither. */
function setupVersion(text: string): Declared {
  const pinned = pinnedVersion(text)
  if ('version' in pinned) return pinned
  if (/^[\d<>=^~ ]/.test(text)) {
    const range = writtenRange(text, convertRange)
    if ('range' in range) return range
  }
  return {
    unknown: `'${text}' is resolved by the action when it runs (an alias such as lts/*, latest or a codename)`,
  }
}

/** The values a node gives: each line of a scalar, expressions resolved from the matrix and env. */
function valuesOf(scope: Scope, node: Node): Value[] {
  if (!isScalar(node)) return listItems(scope.yaml, node).flatMap((item) => valuesOf(scope, item))
  const text = scalarText(node)
  if (text === undefined) return []
  const line = scope.yaml.lineOf(node)
  const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED
  return text.split('\n').flatMap((part, index): Value[] => {
    const value = part.trim()
    if (value === '') return []
    const at = block ? line + 1 + index : line
    const expression = EXPRESSION.exec(value)
    if (expression === null) {
      if (value.includes('${{')) {
        return [
          {
            unknown: 'it holds an expression evaluated when the workflow runs',
            text: value,
            line: at,
          },
        ]
      }
      return [{ text: value, line: at }]
    }
    return resolve(scope, expression[1] as string, value, at)
  })
}

/** `matrix.node`, `matrix.config.node`, `env.NODE_VERSION`: the values they take. */
function resolve(scope: Scope, path: string, written: string, line: number): Value[] {
  const [context, ...keys] = path.split('.')
  const { yaml } = scope
  const unknown = (why: string): Value[] => [{ unknown: why, text: written, line }]
  if (context === 'env' && keys.length === 1) {
    for (const env of scope.envs) {
      const value = mapValue(yaml, env, keys[0] as string)
      if (value !== undefined)
        return isScalar(value) && !EXPRESSION.test(scalarText(value) ?? '')
          ? valuesOf(scope, value)
          : unknown('its env value is set when the workflow runs')
    }
    return unknown(`no env ${keys[0]} is set in the workflow`)
  }
  if (context !== 'matrix' || keys.length === 0) {
    return unknown('it holds an expression evaluated when the workflow runs')
  }
  if (scope.matrix === undefined) return unknown('the job has no matrix to read it from')
  const [first, ...rest] = keys as [string, ...string[]]
  const nodes: Node[] = []
  const values = mapValue(yaml, scope.matrix, first)
  if (values !== undefined) {
    for (const item of listItems(yaml, values)) nodes.push(...dig(yaml, item, rest))
  }
  for (const include of listItems(yaml, mapValue(yaml, scope.matrix, 'include'))) {
    const value = mapValue(yaml, include, first)
    if (value !== undefined) nodes.push(...dig(yaml, value, rest))
  }
  if (nodes.length === 0)
    return unknown(`the matrix has no ${keys.join('.')} the workflow can read before it runs`)
  // A matrix value is itself no expression to follow again.
  const plain: Scope = { ...scope, matrix: undefined }
  return nodes.flatMap((node) => valuesOf(plain, node))
}

/** The node at a key path below a matrix value (`matrix.config.node`: `node` of each config). */
function dig(yaml: YamlFile, node: Node, keys: readonly string[]): Node[] {
  let current: Node | undefined = node
  for (const key of keys) current = mapValue(yaml, current, key)
  return current === undefined ? [] : [current]
}
