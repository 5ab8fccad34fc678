/**
 * Text a file holds, as a scan shows it: at most a line's worth (80 characters, the rest
 * replaced by `…`), so that a hostile file cannot fill a terminal or a report through one value.
 * Control characters are the writers' to escape.
 */

/** Longer than any version, tag or range a real file writes: such a value is read as none. */
export const MAX_VALUE_LENGTH = 128

/** @example clipText('x'.repeat(100)).length // 80 */
export function clipText(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** Why a value too long to be a version is none, or null when its length is fine. */
export function tooLong(text: string): string | null {
  return text.length <= MAX_VALUE_LENGTH
    ? null
    : `it is ${text.length} characters long, longer than any version or range`
}
