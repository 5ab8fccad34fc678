/**
 * The YAML 1.2 core schema for js-yaml, with scalars resolved exactly as the position-tracking
 * `yaml` parser resolves them. js-yaml's own core schema also reads `0b11` as a number, signed
 * hexadecimal and octal, and underscores in floats, and reads `-0` as 0; a file must mean the
 * same to both parsers, because only the second one ever reports where a fault is.
 */
import { FAILSAFE_SCHEMA, Type } from 'js-yaml'

// Most plain scalars are words (every key, most values): their first character rules out the
// types below before any pattern runs. Matching every pattern against every scalar took about
// a sixth of js-yaml's time on 200,000 entries.
function startsLikeNumber(text: string): boolean {
  const first = text.charCodeAt(0)
  // 0-9, '+', '-', '.'
  return (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46
}

function startsWithOneOf(text: string, firsts: string): boolean {
  return text.length > 0 && firsts.includes(text[0] as string)
}

const DECIMAL = /^[-+]?[0-9]+$/
const OCTAL = /^0o[0-7]+$/
const HEXADECIMAL = /^0x[0-9a-fA-F]+$/

const int = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text !== null &&
    startsLikeNumber(text) &&
    (DECIMAL.test(text) || OCTAL.test(text) || HEXADECIMAL.test(text)),
  construct: (text: string) =>
    text.startsWith('0o')
      ? Number.parseInt(text.slice(2), 8)
      : text.startsWith('0x')
        ? Number.parseInt(text.slice(2), 16)
        : Number(text),
  predicate: (value: unknown) => typeof value === 'number' && Number.isInteger(value),
})

const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/
const INFINITY = /^[-+]?\.(?:inf|Inf|INF)$/
const NOT_A_NUMBER = /^\.(?:nan|NaN|NAN)$/

const float = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text !== null &&
    startsLikeNumber(text) &&
    (FLOAT.test(text) || INFINITY.test(text) || NOT_A_NUMBER.test(text)),
  construct: (text: string) =>
    NOT_A_NUMBER.test(text)
      ? Number.NaN
      : INFINITY.test(text)
        ? text.startsWith('-')
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY
        : Number.parseFloat(text),
  predicate: (value: unknown) => typeof value === 'number',
})

const NULL = /^(?:~|null|Null|NULL)?$/

const nullType = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text === null || text === '' || (startsWithOneOf(text, '~nN') && NULL.test(text)),
  construct: () => null,
  predicate: (value: unknown) => value === null,
})

const TRUE = /^(?:true|True|TRUE)$/
const FALSE = /^(?:false|False|FALSE)$/

const bool = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text !== null && startsWithOneOf(text, 'tTfF') && (TRUE.test(text) || FALSE.test(text)),
  construct: (text: string) => TRUE.test(text),
  predicate: (value: unknown) => typeof value === 'boolean',
})

export const YAML_CORE_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [nullType, bool, int, float] })
