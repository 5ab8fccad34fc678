/** A JSON object, as a reader of a parsed document meets it: not null, not a list. */
export type JsonObject = { readonly [key: string]: unknown }

/** The one plain-object guard: an object, not an array or null. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
