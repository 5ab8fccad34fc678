/**
 * A read stack file as lines of plain text, one a component, duplicate, part left out or
 * fault: what a terminal prints, and what the tests compare.
 */
import type {
  DuplicateComponent,
  LeftOut,
  ReadStackFile,
  StackFileComponent,
  StackFileLocation,
} from './stack-file.ts'

/**
 * @example formatStackFile(read) // ['ms 2.0.0 pkg:npm/ms@2.0.0 at /packages/node_modules~1ms', …]
 */
export function formatStackFile(read: ReadStackFile): string[] {
  if (!read.ok) return read.faults.map((fault) => `error ${where(fault.location)}: ${fault.reason}`)
  const { components, duplicates, leftOut } = read.stack
  return [
    ...components.map(formatComponent),
    ...duplicates.map(formatDuplicate),
    ...leftOut.map(formatLeftOut),
  ]
}

function formatComponent(component: StackFileComponent): string {
  const words = [component.name, component.version]
  if (component.purl !== undefined) words.push(component.purl)
  if (component.appVersion !== undefined) words.push('app', component.appVersion)
  if (component.marker !== undefined) words.push('when', component.marker)
  return `${words.join(' ')} at ${where(component.location)}`
}

function formatDuplicate(duplicate: DuplicateComponent): string {
  const others = duplicate.others.map((other) => `${other.version} at ${where(other.location)}`)
  return `duplicate ${duplicate.name}: kept ${duplicate.kept} (${duplicate.reason}), not ${others.join(', ')}`
}

function formatLeftOut(part: LeftOut): string {
  const name = part.name === undefined ? '' : ` ${part.name}`
  return `left out${name}: ${part.reason} at ${where(part.location)}`
}

/** The empty JSON pointer is the whole file. */
function where(location: StackFileLocation): string {
  return location === '' ? 'the file' : location
}
