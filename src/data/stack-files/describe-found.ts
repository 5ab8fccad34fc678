/** What a fault says it found: the value as JSON, cut short so that a message stays a line. */

const MAX_LENGTH = 60

/** @example describeFound(1) // '1' */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = JSON.stringify(value) ?? String(value)
  return json.length > MAX_LENGTH ? `${json.slice(0, MAX_LENGTH - 1)}…` : json
}
