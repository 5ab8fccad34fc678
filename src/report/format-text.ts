/** Small text helpers for human output: tables, counts, quoting. */

/**
 * Columns padded to their widest cell, two spaces apart; the last column is not padded,
 * so a long reason never widens the others. Control characters in a cell (a server's answer
 * is not ours to trust) are shown as U+FFFD, never sent to the terminal.
 *
 * @example formatTable(['A', 'B'], [['x', 'long'], ['yy', 'z']]) // ['A   B', 'x   long', 'yy  z']
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  const lines = [header, ...rows].map((line) => line.map(withoutControlCharacters))
  const widths = header.map((_, column) =>
    Math.max(...lines.map((line) => (line[column] ?? '').length)),
  )
  return lines.map((line) =>
    line
      .map((cell, column) =>
        column === line.length - 1 ? cell : cell.padEnd(widths[column] ?? cell.length),
      )
      .join('  ')
      .trimEnd(),
  )
}

/** @example countOf(1, 'fault') // '1 fault'; countOf(2, 'entry', 'entries') // '2 entries' */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}

/** A word as it would be typed in a POSIX shell: quoted only when it needs to be. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/** Control characters (a server's answer is not ours to trust) as U+FFFD, for one line of text. */
export function withoutControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd')
}
