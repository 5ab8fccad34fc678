/**
 * TOML, parsed by smol-toml (a small, fast parser that follows TOML 1.0 strictly), with a syntax
 * error located by line and column, as an editor finds it.
 */
import { parse, TomlError } from 'smol-toml'
import type { StackFileFault } from '../stack-files/stack-file.ts'

export type ParsedToml =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly fault: StackFileFault }

export function parseToml(text: string): ParsedToml {
  try {
    return { ok: true, value: parse(text) as Record<string, unknown> }
  } catch (error) {
    if (!(error instanceof TomlError)) throw error
    return {
      ok: false,
      fault: {
        reason: `is not valid TOML: ${error.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '')}`,
        location: `line ${error.line}, column ${error.column}`,
      },
    }
  }
}
