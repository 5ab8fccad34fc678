/**
 * A Dockerfile or Containerfile: the image of every `FROM`, with the `ARG`s declared before the
 * first `FROM` at their defaults (what a build without `--build-arg` uses). A `FROM` naming an
 * earlier stage (`FROM builder`) builds on that stage, not on an image, and `scratch` is no
 * image. Parsed by dockerfile-ast, which reads line continuations, the escape directive and
 * here-documents (a `FROM` inside a `RUN <<EOF` is no instruction).
 */
import { DockerfileParser } from 'dockerfile-ast'
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { FileFault, RepositoryFileReader } from './file-reading.ts'
import { readImageReference, tagVersion } from './image-reference.ts'
import { interpolate } from './interpolate.ts'

/** @example readDockerfile('FROM node:20-alpine\n', 'Dockerfile', context).declarations[0]?.declared // { version: '20' } */
export const readDockerfile: RepositoryFileReader = (text, file) => {
  const dockerfile = DockerfileParser.parse(text)
  const args = new Map<string, string>()
  for (const arg of dockerfile.getInitialARGs()) {
    const property = arg.getProperty()
    const name = property?.getName()
    const value = property?.getValue()
    if (name === undefined || value === null || value === undefined) continue
    const expanded = interpolate(value, (variable) => args.get(variable))
    if ('text' in expanded) args.set(name, expanded.text)
  }
  const stages = new Set<string>()
  const declarations: Declaration[] = []
  const faults: FileFault[] = []
  for (const from of dockerfile.getFROMs()) {
    const [image, as, stage] = from.getArguments()
    if (image === undefined) continue
    const written = image.getValue()
    // Only an earlier stage can be built on: `FROM node AS node` is the image node.
    const builtOn = stages.has(written.toLowerCase()) || written.toLowerCase() === 'scratch'
    if (as?.getValue().toLowerCase() === 'as' && stage !== undefined) {
      stages.add(stage.getValue().toLowerCase())
    }
    if (builtOn) continue
    const declaration = imageDeclaration(written, args, file, image.getRange().start.line + 1)
    if ('fault' in declaration) faults.push(declaration.fault)
    else declarations.push(declaration)
  }
  return { declarations, faults }
}

/**
 * An image as a file writes it, its variables replaced by `values`: a declaration, or, when not
 * even the image's name can be read, a fault saying why. An unset variable in the tag alone
 * leaves the image known and its version unknown.
 */
export function imageDeclaration(
  written: string,
  values: ReadonlyMap<string, string>,
  file: string,
  line: number,
): Declaration | { readonly fault: FileFault } {
  const lookup = (name: string) => values.get(name)
  const expanded = interpolate(written, lookup)
  if ('text' in expanded) {
    const reference = readImageReference(expanded.text)
    if (reference === null) {
      return { fault: { file, line, reason: `'${expanded.text}' is not an image reference` } }
    }
    return {
      component: reference.name,
      purl: reference.purl,
      kind: 'image',
      text: expanded.text,
      declared: tagVersion(reference.tag, reference.digest),
      location: { file, line },
    }
  }
  // The variable may be in the tag only: the image is still known.
  const slash = written.lastIndexOf('/')
  const colon = written.lastIndexOf(':')
  const name = colon > slash ? interpolate(written.slice(0, colon), lookup) : null
  const reference = name !== null && 'text' in name ? readImageReference(name.text) : null
  if (reference === null) {
    return {
      fault: {
        file,
        line,
        reason: `the image '${written}' names the variable ${expanded.unset}, which has no default here`,
      },
    }
  }
  return {
    component: reference.name,
    purl: reference.purl,
    kind: 'image',
    text: written,
    declared: { unknown: `its tag is the variable ${expanded.unset}, which has no default here` },
    location: { file, line },
  }
}
