/**
 * An SPDX 2.3 JSON document as a stack: every package with its `versionInfo` and the purl of
 * its `externalRefs`. The packages the document DESCRIBES are its root; the relationships
 * between packages (DEPENDS_ON and the inverse *DEPENDENCY_OF kinds) decide which version of a
 * name the stack keeps.
 */

import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { excerpt } from '../../core/text/excerpt.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { listField, textField } from './json-fields.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { purlProblem, purlType } from './purl-problem.ts'
import { ROOT_REASON } from './root-reason.ts'
import { FaultList, type LeftOut, type ReadStackFile, refusedFile } from './stack-file.ts'

export const SPDX_VERSION = 'SPDX-2.3'

// SPDX 2.3 names a dependency from either end. The inverse kinds that narrow what the
// dependency is for (npm sbom writes DEV_DEPENDENCY_OF for devDependencies) still make the
// package a direct dependency of the root: the project installs it at that version.
const INVERSE_DEPENDENCY = new Set([
  'DEPENDENCY_OF',
  'DEV_DEPENDENCY_OF',
  'OPTIONAL_DEPENDENCY_OF',
  'PROVIDED_DEPENDENCY_OF',
  'TEST_DEPENDENCY_OF',
  'RUNTIME_DEPENDENCY_OF',
  'BUILD_DEPENDENCY_OF',
])

// Words SPDX uses where a value is not given; neither is a version.
const NO_VALUE = new Set(['NOASSERTION', 'NONE'])

interface Package {
  readonly id: string
  readonly candidate: Omit<VersionCandidate, 'direct'>
}

/** @param document the parsed JSON of the file */
export function readSpdx(document: unknown): ReadStackFile {
  const faults = new FaultList()
  if (!isJsonObject(document))
    return refusedFile('spdx', {
      reason: `must be an object, found ${describeFound(document)}`,
      location: '',
    })
  const spdxVersion = textField(document, 'spdxVersion', '', faults, { required: true })
  if (spdxVersion !== undefined && spdxVersion !== SPDX_VERSION)
    faults.push({
      reason: `${excerpt(spdxVersion)} is not read: this reader knows ${SPDX_VERSION}`,
      location: '/spdxVersion',
    })
  const documentId = textField(document, 'SPDXID', '', faults) ?? 'SPDXRef-DOCUMENT'
  const { roots, edges } = readRelationships(document, documentId, faults)
  const direct = new Set(edges.filter(([from]) => roots.has(from)).map(([, to]) => to))

  const leftOut: LeftOut[] = []
  const found: Package[] = []
  const packages = listField(document, 'packages', '', faults) ?? []
  packages.forEach((item, index) => {
    const location = pointerTo('/packages', index)
    if (!isJsonObject(item)) {
      faults.push({ reason: `must be a package object, found ${describeFound(item)}`, location })
      return
    }
    const read = readPackage(item, location, faults, leftOut)
    if (read === undefined) return
    if (roots.has(read.id)) leftOut.push({ name: read.name, reason: ROOT_REASON, location })
    else if (read.candidate !== undefined) found.push({ id: read.id, candidate: read.candidate })
  })
  if (faults.length > 0) return fail(faults)

  const kept = keepOneVersion(
    found.map(({ id, candidate }) => ({ ...candidate, direct: direct.has(id) })),
  )
  return { ok: true, stack: { format: 'spdx', ...kept, leftOut } }
}

function fail(faults: FaultList): ReadStackFile {
  return faults.failure('spdx')
}

/** The package's id and name, and what it adds to the stack; undefined when it is at fault. */
function readPackage(
  item: JsonObject,
  location: string,
  faults: FaultList,
  leftOut: LeftOut[],
): { id: string; name: string; candidate?: Omit<VersionCandidate, 'direct'> } | undefined {
  const name = textField(item, 'name', location, faults, { required: true })
  const id = textField(item, 'SPDXID', location, faults, { required: true })
  const version = textField(item, 'versionInfo', location, faults)
  const purl = readPurl(item, location, faults)
  if (name === undefined || id === undefined) return undefined
  if (version === undefined || version.trim() === '' || NO_VALUE.has(version)) {
    const found = version === undefined || version.trim() === '' ? '' : ` (${version})`
    leftOut.push({ name, reason: `it has no version${found}`, location })
    return { id, name }
  }
  const problem = purl === undefined ? null : purlProblem(purl.locator)
  if (problem !== null && purl !== undefined)
    leftOut.push({ name, reason: problem, location: purl.location })
  const kept = problem === null ? purl?.locator : undefined
  return {
    id,
    name,
    candidate: {
      key: `${purlType(kept)}\0${name}`,
      component: { name, version, ...(kept === undefined ? {} : { purl: kept }), location },
    },
  }
}

/** The first external reference of type purl. */
function readPurl(item: JsonObject, at: string, faults: FaultList) {
  const refs = listField(item, 'externalRefs', at, faults) ?? []
  let purl: { locator: string; location: string } | undefined
  refs.forEach((ref, index) => {
    const location = pointerTo(at, 'externalRefs', index)
    if (!isJsonObject(ref)) {
      faults.push({ reason: `must be an object, found ${describeFound(ref)}`, location })
      return
    }
    const type = textField(ref, 'referenceType', location, faults, { required: true })
    const locator = textField(ref, 'referenceLocator', location, faults, { required: true })
    if (type === 'purl' && locator !== undefined && purl === undefined)
      purl = { locator, location: pointerTo(location, 'referenceLocator') }
  })
  return purl
}

/** The root packages and every dependency edge [dependent, dependency] by SPDXID. */
function readRelationships(document: JsonObject, documentId: string, faults: FaultList) {
  const roots = new Set<string>()
  const edges: [string, string][] = []
  // Deprecated in 2.3 in favour of DESCRIBES relationships, and still written (npm sbom does).
  const describes = listField(document, 'documentDescribes', '', faults) ?? []
  describes.forEach((id, index) => {
    if (typeof id === 'string') roots.add(id)
    else
      faults.push({
        reason: `must be an SPDXID string, found ${describeFound(id)}`,
        location: pointerTo('/documentDescribes', index),
      })
  })
  const relationships = listField(document, 'relationships', '', faults) ?? []
  relationships.forEach((item, index) => {
    const location = pointerTo('/relationships', index)
    if (!isJsonObject(item)) {
      faults.push({ reason: `must be an object, found ${describeFound(item)}`, location })
      return
    }
    const element = textField(item, 'spdxElementId', location, faults, { required: true })
    const type = textField(item, 'relationshipType', location, faults, { required: true })
    const related = textField(item, 'relatedSpdxElement', location, faults, { required: true })
    if (element === undefined || type === undefined || related === undefined) return
    if (type === 'DESCRIBES' && element === documentId) roots.add(related)
    else if (type === 'DESCRIBED_BY' && related === documentId) roots.add(element)
    else if (type === 'DEPENDS_ON') edges.push([element, related])
    else if (INVERSE_DEPENDENCY.has(type)) edges.push([related, element])
  })
  return { roots, edges }
}
