/**
 * The JSON of a stack file, parsed strictly (a key given twice is refused: which of the two
 * values would be the version?), with a syntax error located by line and column, which is how
 * an editor finds it in a file of megabytes.
 */
import { JsonSyntaxError, parseJsonObject } from '../../core/json/parse-json-object.ts'
import type { StackFileFault } from './stack-file.ts'

// CycloneDX nests components in components; SBOMs of real images stay within a dozen levels.
// The bound keeps a hostile upload from exhausting the parser's stack.
export const MAX_STACK_FILE_DEPTH = 128

export type ParsedStackJson =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly fault: StackFileFault }

export function parseStackJson(text: string): ParsedStackJson {
  try {
    return { ok: true, value: parseJsonObject(text, MAX_STACK_FILE_DEPTH, false).value }
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    return {
      ok: false,
      fault: {
        reason: `is not valid JSON: ${error.message.replace(/ at position \d+$/, '')}`,
        location: lineAndColumn(text, error.position),
      },
    }
  }
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position)
  const line = before.split('\n').length
  const column = position - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
}
