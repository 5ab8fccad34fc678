/**
 * Registry documents read by a TypeBox schema: every fault located by a JSON pointer into the
 * whole document, and the value with each faulty part taken out, so that an odd field costs
 * that field (or the release it is in), not the import.
 */
import { type Static, type TSchema, Type } from 'typebox'
import { Compile } from 'typebox/compile'
import { Settings } from 'typebox/system'
import { isJsonObject } from '../../core/json/is-json-object.ts'

/** Where a document is wrong (a JSON pointer, `''` for the whole document) and how. */
export interface ShapeFault {
  readonly pointer: string
  readonly message: string
}

export interface ReadShape<T> {
  /** The value without its faulty parts; undefined when the value itself is at fault. */
  readonly value: T | undefined
  /** Every fault, in document order. */
  readonly faults: readonly ShapeFault[]
}

/** Reads a value found at `at` (a JSON pointer) of its document. */
export type ShapeReader<T> = (value: unknown, at?: string) => ReadShape<T>

const NON_BLANK = '\\S'

/** A text with something in it: a name or a version that is all spaces names nothing. */
export const NonBlankString = (description: string) =>
  Type.String({ pattern: NON_BLANK, description })

// Every fault of a document is listed, not TypeBox's default 8.
const MAX_ERRORS = 100_000
const MAX_ROUNDS = 64

interface SchemaError {
  readonly keyword: string
  readonly schemaPath: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
}

type Schema = Record<string, unknown>

/**
 * A reader for `schema`, compiled when first used (only `compat import` reads registries).
 * Faulty values are left out, and the objects and lists holding them keep the rest; a part
 * that a required field is taken out of goes too.
 *
 * @example shapeReader(Type.Object({ name: Type.String() }))({ name: 1 }).faults
 * // [{ pointer: '/name', message: 'must be a string, found 1' }]
 */
export function shapeReader<S extends TSchema>(schema: S): ShapeReader<Static<S>> {
  let validator: ReturnType<typeof Compile<S>> | undefined
  return (value, at = '') => {
    validator ??= Compile(schema)
    if (validator.Check(value)) return { value, faults: [] }
    const errors = errorsOf(validator, value)
    const faults = describeErrors(errors, schema as Schema, value)
    let kept = withoutParts(value, new Set(faults.map((fault) => fault.prune)))
    // Taking a faulty field out can leave its object without a required one: that goes too.
    // Each round takes a part out, so there are at most as many as the document is deep; the
    // bound is for a fault that points at no part, which would otherwise loop forever.
    for (let round = 0; kept !== LEFT_OUT && !validator.Check(kept); round++) {
      const more = errorsOf(validator, kept).map((error) => error.instancePath)
      kept = round === MAX_ROUNDS ? LEFT_OUT : withoutParts(kept, new Set(more))
    }
    return {
      value: kept === LEFT_OUT ? undefined : (kept as Static<S>),
      faults: faults.map(({ pointer, message }) => ({ pointer: at + pointer, message })),
    }
  }
}

/** A fault the way a message names it: `/versions/1.2.3/engines must be an object, found …`. */
export function formatShapeFault(fault: ShapeFault): string {
  return `${fault.pointer === '' ? 'the document' : fault.pointer} ${fault.message}`
}

/** Every fault of a document that cannot be read at all, in one line. */
export function formatShapeFaults(faults: readonly ShapeFault[]): string {
  return faults.map(formatShapeFault).join('; ')
}

/**
 * A part's faults as lines of what was not imported: `FROM: POINTER MESSAGE; left out` when
 * the part could not be read at all, `; not read` when only the faulty values were dropped.
 */
export function faultLines(from: string, read: ReadShape<unknown>): string[] {
  const consequence = read.value === undefined ? 'left out' : 'not read'
  return read.faults.map((fault) => `${from}: ${formatShapeFault(fault)}; ${consequence}`)
}

/** The pointer to `keys` below `at`, `~` and `/` escaped as RFC 6901 says. */
export function pointerTo(at: string, ...keys: readonly (string | number)[]): string {
  let pointer = at
  // An index needs no escaping: the common step, a million times in a large file.
  for (const key of keys)
    pointer += `/${typeof key === 'number' ? key : key.replaceAll('~', '~0').replaceAll('/', '~1')}`
  return pointer
}

function errorsOf(validator: { Errors(value: unknown): unknown[] }, value: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get()
  Settings.Set({ maxErrors: MAX_ERRORS })
  try {
    return validator.Errors(value) as SchemaError[]
  } finally {
    Settings.Set({ maxErrors })
  }
}

interface Described extends ShapeFault {
  /** The part taken out for it. */
  readonly prune: string
}

/**
 * One fault per wrong value, in the order TypeBox met them: a union that failed is one fault
 * listing what it allows, unless the value is an object and one alternative is: then that
 * alternative's own faults.
 */
function describeErrors(
  errors: readonly SchemaError[],
  root: Schema,
  document: unknown,
): Described[] {
  const folded = new Set<SchemaError>()
  const faults: { fault: Described; order: number }[] = []
  const unions = errors
    .filter((error) => error.keyword === 'anyOf')
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length)
  for (const union of unions) {
    if (folded.has(union)) continue
    const branches = errors.filter((error) =>
      error.schemaPath.startsWith(`${union.schemaPath}/anyOf/`),
    )
    for (const error of [union, ...branches]) folded.add(error)
    const order = Math.min(...[union, ...branches].map((error) => errors.indexOf(error)))
    const alternatives = (schemaAt(root, union.schemaPath)?.anyOf as Schema[] | undefined) ?? []
    const value = valueAt(document, union.instancePath)
    const objects = alternatives.flatMap((schema, index) =>
      schema.type === 'object' ? [index] : [],
    )
    if (isJsonObject(value) && objects.length === 1) {
      const prefix = `${union.schemaPath}/anyOf/${objects[0]}`
      const own = branches.filter(
        (error) => error.schemaPath === prefix || error.schemaPath.startsWith(`${prefix}/`),
      )
      for (const fault of describePlain(own, root, document)) faults.push({ fault, order })
    } else {
      const message = `must be ${listOr(alternatives.map(describeSchema))}, found ${describeValue(value)}`
      const pointer = union.instancePath
      faults.push({ fault: { pointer, prune: pointer, message }, order })
    }
  }
  for (const error of errors) {
    if (folded.has(error)) continue
    const order = errors.indexOf(error)
    for (const fault of describePlain([error], root, document)) faults.push({ fault, order })
  }
  // A value breaking several rules of its one schema (type and pattern) is one fault.
  const seen = new Set<string>()
  return faults
    .sort((a, b) => a.order - b.order)
    .map(({ fault }) => fault)
    .filter((fault) => {
      const key = `${fault.pointer}\0${fault.message === 'is missing'}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

function describePlain(
  errors: readonly SchemaError[],
  root: Schema,
  document: unknown,
): Described[] {
  return errors.flatMap((error): Described[] => {
    if (error.keyword === 'required') {
      const names = (error.params.requiredProperties as string[] | undefined) ?? []
      return names.map((name) => ({
        pointer: pointerTo(error.instancePath, name),
        prune: error.instancePath,
        message: 'is missing',
      }))
    }
    const schema = schemaAt(root, error.schemaPath) ?? {}
    const found = describeValue(valueAt(document, error.instancePath))
    const pointer = error.instancePath
    return [
      { pointer, prune: pointer, message: `must be ${describeSchema(schema)}, found ${found}` },
    ]
  })
}

/** What a schema allows, in words: "a string", "a list of strings", "an object". */
function describeSchema(schema: Schema): string {
  if (Array.isArray(schema.anyOf)) return listOr((schema.anyOf as Schema[]).map(describeSchema))
  switch (schema.type) {
    case 'string':
      return schema.pattern === NON_BLANK ? 'a non-blank string' : 'a string'
    case 'array': {
      const items = isJsonObject(schema.items) ? describeSchema(schema.items) : 'value'
      return `a list of ${items.replace(/^an? /, '')}s`
    }
    case 'object':
      return 'an object'
    case 'boolean':
      return 'true or false'
    case 'null':
      return 'null'
    default:
      return `a ${String(schema.type ?? 'value')}`
  }
}

/** The value found, short: a long text or structure is cut, since the pointer says where it is. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length <= 60 ? text : `${text.slice(0, 57)}…`
}

function listOr(items: readonly string[]): string {
  const unique = [...new Set(items)]
  if (unique.length <= 1) return unique[0] ?? 'nothing'
  return `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`
}

/** The subschema at a schema path such as `#/properties/versions/patternProperties/^.*$`. */
function schemaAt(root: Schema, schemaPath: string): Schema | undefined {
  let node: unknown = root
  for (const key of keysOf(schemaPath)) {
    node =
      isJsonObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
    if (node === undefined) return undefined
  }
  return node as Schema
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document
  for (const key of keysOf(pointer)) {
    node =
      isJsonObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
  }
  return node
}

/** The keys of a pointer (`#` of a schema path or `''` of an instance path first). */
function keysOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
}

const LEFT_OUT = Symbol('left out')

/** A copy of `value` without the parts at `pointers`; LEFT_OUT when it is one of them. */
function withoutParts(value: unknown, pointers: ReadonlySet<string>, at = ''): unknown {
  if (pointers.has(at)) return LEFT_OUT
  if (![...pointers].some((pointer) => pointer.startsWith(`${at}/`))) return value
  if (Array.isArray(value)) {
    return value
      .map((item, index) => withoutParts(item, pointers, pointerTo(at, index)))
      .filter((item) => item !== LEFT_OUT)
  }
  if (isJsonObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, withoutParts(item, pointers, pointerTo(at, key))] as const)
        .filter(([, item]) => item !== LEFT_OUT),
    )
  }
  return value
}
