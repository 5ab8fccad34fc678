/**
 * The stack page's file form, enhanced (docs/web.md, "The stack page"): a file chosen or dropped
 * on the form is read into its box and checked at once. An SBOM (CycloneDX or SPDX JSON) is
 * posted to the API and its answer shown without leaving the page; any other file is posted by
 * the form itself, and the server sends the page back with what it made of it.
 */
import { MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../../src/api/request-limits.ts'
import { sizeText, stackFilePicker } from '../../src/site/stack-file-markup.ts'
import type { SbomMediaType } from './api.ts'
import { toNode } from './dom.ts'
import { sbomMediaType } from './sbom-media-type.ts'

export interface FileFormHooks {
  /** An SBOM the API reads: asked without leaving the page. */
  readonly readSbom: (text: string, mediaType: SbomMediaType) => void
  /** A problem to show (the page's alert); '' clears it. */
  readonly notice: (text: string) => void
  /** Progress for screen readers (the page's status line). */
  readonly status: (text: string) => void
}

/** Adds the file picker and drop target to the form, and sends SBOMs to the API. */
export function enhanceFileForm(form: HTMLFormElement, hooks: FileFormHooks): void {
  const box = form.querySelector<HTMLTextAreaElement>('textarea')
  const submit = form.querySelector('button[type="submit"]')
  if (box === null || submit === null) throw new Error('The file form has no box or button.')
  const picker = toNode(stackFilePicker()) as HTMLElement
  submit.before(picker)
  const input = picker.querySelector('input') as HTMLInputElement

  const read = async (file: File) => {
    if (file.size > MAX_SBOM_BYTES) {
      hooks.notice(
        `${file.name} is ${sizeText(file.size)}: this page reads files up to ${MAX_SBOM_TEXT}.`,
      )
      return
    }
    hooks.notice('')
    hooks.status(`Reading ${file.name}…`)
    box.value = await file.text()
    form.requestSubmit()
  }

  input.addEventListener('change', () => {
    const file = input.files?.[0]
    // Chosen again, the same file is read again.
    input.value = ''
    if (file !== undefined) void read(file)
  })
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true
  form.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    if (event.dataTransfer !== null) event.dataTransfer.dropEffect = 'copy'
    form.classList.add('dropping')
  })
  form.addEventListener('dragleave', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) form.classList.remove('dropping')
  })
  form.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    form.classList.remove('dropping')
    const file = event.dataTransfer?.files[0]
    if (file !== undefined) void read(file)
  })

  form.addEventListener('submit', (event) => {
    const text = box.value
    const size = new Blob([text]).size
    if (size > MAX_SBOM_BYTES) {
      event.preventDefault()
      hooks.notice(`The text is ${sizeText(size)}: this page reads files up to ${MAX_SBOM_TEXT}.`)
      return
    }
    hooks.notice('')
    const mediaType = sbomMediaType(text)
    // Any other format: the form posts it, and the server sends the page back.
    if (mediaType === null) {
      hooks.status('Reading the file…')
      return
    }
    event.preventDefault()
    hooks.readSbom(text, mediaType)
  })
}
