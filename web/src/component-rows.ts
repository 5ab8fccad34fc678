/** The stack page's rows of components: added, removed, set from a stack, read as typed. */
import { MAX_DEPENDENCIES } from '../../src/api/request-limits.ts'
import { stackOfRows } from '../../src/site/stack-form-query.ts'
import { componentRow } from '../../src/site/stack-page-markup.ts'
import { replaceChildren, toNode } from './dom.ts'

/** A stack as name and version pairs, in the order written. */
export type Components = readonly (readonly [string, string])[]

export class ComponentRows {
  readonly #list: HTMLOListElement
  readonly #full: (text: string) => void
  /** Numbers the rows' fields, so that each label names its own. */
  #counter: number

  /** Rows the server sent work like the script's own. */
  constructor(list: HTMLOListElement, full: (text: string) => void) {
    this.#list = list
    this.#full = full
    this.#counter = list.children.length
    for (const row of list.children) this.#removable(row)
  }

  add(name = '', version = ''): void {
    if (this.#list.children.length >= MAX_DEPENDENCIES) {
      this.#full(`A stack holds at most ${MAX_DEPENDENCIES} components.`)
      return
    }
    this.#counter++
    const row = toNode(componentRow(this.#counter)) as HTMLLIElement
    const [nameInput, versionInput] = row.querySelectorAll('input')
    if (nameInput !== undefined) nameInput.value = name
    if (versionInput !== undefined) versionInput.value = version
    this.#removable(row)
    this.#list.append(row)
  }

  /** One row a component; one empty row for none. */
  set(components: Components): void {
    replaceChildren(this.#list)
    this.#counter = 0
    for (const [name, version] of components) this.add(name, version)
    if (components.length === 0) this.add()
  }

  /** The rows as typed, read by the rules the server reads the form by without a script. */
  read(): Components | string {
    return stackOfRows(
      [...this.#list.children].map((row) => {
        const [name = '', version = ''] = [...row.querySelectorAll('input')].map((input) =>
          input.value.trim(),
        )
        return [name, version] as const
      }),
    )
  }

  /** The rows as the server filled them, those with both a name and a version. */
  filled(): Components {
    return [...this.#list.querySelectorAll('li')]
      .map((row) => [...row.querySelectorAll('input')].map((input) => input.value))
      .filter(([name, version]) => name && version) as [string, string][]
  }

  /** Moves the focus to the newest row's name. */
  focusLast(): void {
    const inputs = this.#list.querySelectorAll('input')
    ;(inputs[inputs.length - 2] as HTMLInputElement | undefined)?.focus()
  }

  #removable(row: Element): void {
    row.querySelector('button')?.addEventListener('click', () => {
      row.remove()
      if (this.#list.children.length === 0) this.add()
    })
  }
}
