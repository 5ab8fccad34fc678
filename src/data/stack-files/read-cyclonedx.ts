/**
 * A CycloneDX JSON SBOM (specification 1.4, 1.5 or 1.6) as a stack: every component, nested
 * ones too, at its version; the dependency graph (`dependencies`, by bom-ref, from the root
 * `metadata.component`) decides which version of a name the stack keeps.
 */

import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { excerpt } from '../../core/text/excerpt.ts'
import { pointerTo } from '../import/shape-reader.ts'
import { describeFound } from './describe-found.ts'
import { listField, objectField, textField } from './json-fields.ts'
import { keepOneVersion, type VersionCandidate } from './keep-one-version.ts'
import { purlProblem, purlType } from './purl-problem.ts'
import { ROOT_REASON } from './root-reason.ts'
import { FaultList, type LeftOut, type ReadStackFile, refusedFile } from './stack-file.ts'

export const CYCLONEDX_SPEC_VERSIONS: readonly string[] = ['1.4', '1.5', '1.6']

interface Reading {
  readonly faults: FaultList
  readonly leftOut: LeftOut[]
  readonly found: { readonly candidate: Omit<VersionCandidate, 'direct'>; readonly ref?: string }[]
  readonly rootRef: string | undefined
}

/** @param document the parsed JSON of the file */
export function readCycloneDx(document: unknown): ReadStackFile {
  const faults = new FaultList()
  if (!isJsonObject(document))
    return refusedFile('cyclonedx', {
      reason: `must be an object, found ${describeFound(document)}`,
      location: '',
    })
  const bomFormat = textField(document, 'bomFormat', '', faults, { required: true })
  if (bomFormat !== undefined && bomFormat !== 'CycloneDX')
    faults.push({
      reason: `must be "CycloneDX", found ${describeFound(bomFormat)}`,
      location: '/bomFormat',
    })
  const specVersion = textField(document, 'specVersion', '', faults, { required: true })
  if (specVersion !== undefined && !CYCLONEDX_SPEC_VERSIONS.includes(specVersion))
    faults.push({
      reason: `CycloneDX ${excerpt(specVersion)} is not read: this reader knows ${CYCLONEDX_SPEC_VERSIONS.join(', ')}`,
      location: '/specVersion',
    })

  const leftOut: LeftOut[] = []
  const root = readRoot(document, faults, leftOut)
  const reading: Reading = { faults, leftOut, found: [], rootRef: root }
  const components = listField(document, 'components', '', faults)
  if (components !== undefined) readComponents(components, '/components', reading)
  const direct = directRefs(document, root, faults)
  if (faults.length > 0) return fail(faults)

  const kept = keepOneVersion(
    reading.found.map(({ candidate, ref }) => ({
      ...candidate,
      direct: ref !== undefined && direct.has(ref),
    })),
  )
  return { ok: true, stack: { format: 'cyclonedx', ...kept, leftOut } }
}

function fail(faults: FaultList): ReadStackFile {
  return faults.failure('cyclonedx')
}

/** The root's bom-ref, if it has one; the root itself is reported as left out. */
function readRoot(document: JsonObject, faults: FaultList, leftOut: LeftOut[]) {
  const metadata = objectField(document, 'metadata', '', faults)
  if (metadata === undefined) return undefined
  const component = objectField(metadata, 'component', '/metadata', faults)
  if (component === undefined) return undefined
  const name = textField(component, 'name', '/metadata/component', faults, { required: true })
  const ref = textField(component, 'bom-ref', '/metadata/component', faults)
  leftOut.push({
    ...(name === undefined ? {} : { name }),
    reason: ROOT_REASON,
    location: '/metadata/component',
  })
  return ref
}

function readComponents(list: readonly unknown[], at: string, reading: Reading): void {
  list.forEach((item, index) => {
    const location = pointerTo(at, index)
    if (!isJsonObject(item)) {
      reading.faults.push({
        reason: `must be a component object, found ${describeFound(item)}`,
        location,
      })
      return
    }
    readComponent(item, location, reading)
    const nested = listField(item, 'components', location, reading.faults)
    if (nested !== undefined) readComponents(nested, pointerTo(location, 'components'), reading)
  })
}

function readComponent(item: JsonObject, location: string, reading: Reading): void {
  const { faults, leftOut } = reading
  const given = textField(item, 'name', location, faults, { required: true })
  const group = textField(item, 'group', location, faults)
  const version = textField(item, 'version', location, faults)
  const purl = textField(item, 'purl', location, faults)
  const ref = textField(item, 'bom-ref', location, faults)
  const scope = textField(item, 'scope', location, faults)
  if (given === undefined) return
  // Maven's group and name, npm's scope and name: joined as a purl joins namespace and name.
  const name = group === undefined || group === '' ? given : `${group}/${given}`
  if (ref !== undefined && ref === reading.rootRef) {
    leftOut.push({ name, reason: ROOT_REASON, location })
    return
  }
  if (scope === 'excluded') {
    leftOut.push({
      name,
      reason: 'its scope is "excluded": the SBOM says it is not part of what runs',
      location,
    })
    return
  }
  if (version === undefined || version.trim() === '') {
    leftOut.push({ name, reason: 'it has no version', location })
    return
  }
  const problem = purl === undefined ? null : purlProblem(purl)
  if (problem !== null) leftOut.push({ name, reason: problem, location: `${location}/purl` })
  const kept = problem === null ? purl : undefined
  reading.found.push({
    candidate: {
      key: `${purlType(kept)}\0${name}`,
      component: { name, version, ...(kept === undefined ? {} : { purl: kept }), location },
    },
    ...(ref === undefined ? {} : { ref }),
  })
}

/** The bom-refs the root depends on directly; none without a root or a graph. */
function directRefs(
  document: JsonObject,
  root: string | undefined,
  faults: FaultList,
): Set<string> {
  const direct = new Set<string>()
  const dependencies = listField(document, 'dependencies', '', faults)
  dependencies?.forEach((item, index) => {
    const location = pointerTo('/dependencies', index)
    if (!isJsonObject(item)) {
      faults.push({ reason: `must be an object, found ${describeFound(item)}`, location })
      return
    }
    const ref = textField(item, 'ref', location, faults, { required: true })
    const dependsOn = listField(item, 'dependsOn', location, faults) ?? []
    dependsOn.forEach((target, position) => {
      if (typeof target !== 'string')
        faults.push({
          reason: `must be a bom-ref string, found ${describeFound(target)}`,
          location: pointerTo(location, 'dependsOn', position),
        })
      else if (root !== undefined && ref === root) direct.add(target)
    })
  })
  return direct
}
