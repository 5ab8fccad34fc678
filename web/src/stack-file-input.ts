/**
 * The stack page's file form, enhanced (docs/web.md, "The stack page"): files chosen or dropped
 * on the form are read into its boxes, one a box, and checked at once. A single SBOM
 * (CycloneDX or SPDX JSON) is posted to the API and its answer shown without leaving the page;
 * any other file, and several files of one deployment, are posted by the form itself, and the
 * server sends the page back with what it made of them.
 */
import { MAX_FORM_FILES, MAX_SBOM_BYTES, MAX_SBOM_TEXT } from '../../src/api/request-limits.ts'
import { fileBox, sizeText, stackFilePicker } from '../../src/site/stack-file-markup.ts'
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

  /** The form's boxes, one a file, in order. */
  const boxes = () => [...form.querySelectorAll<HTMLTextAreaElement>('textarea[name="file"]')]

  const read = async (files: readonly File[]) => {
    if (files.length > MAX_FORM_FILES) {
      hooks.notice(
        `This page reads at most ${MAX_FORM_FILES} files at once: those of one deployment.`,
      )
      return
    }
    const size = files.reduce((sum, file) => sum + file.size, 0)
    if (size > MAX_SBOM_BYTES) {
      const what = files.length === 1 ? `${files[0]?.name} is` : 'The files are'
      hooks.notice(
        `${what} ${sizeText(size)}: this page reads files up to ${MAX_SBOM_TEXT}${files.length === 1 ? '' : ' together'}.`,
      )
      return
    }
    hooks.notice('')
    hooks.status(`Reading ${files.map((file) => file.name).join(', ')}…`)
    const texts = await Promise.all(files.map((file) => file.text()))
    // A box each: the form holds one more than the files it last read; more are added.
    while (boxes().length < texts.length) {
      const last = boxes().at(-1) as HTMLTextAreaElement
      ;(last.closest('.field') as HTMLElement).after(toNode(fileBox(boxes().length, '')))
    }
    boxes().forEach((each, index) => {
      each.value = texts[index] ?? ''
    })
    form.requestSubmit()
  }

  input.multiple = true
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])]
    // Chosen again, the same files are read again.
    input.value = ''
    if (files.length > 0) void read(files)
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
    const files = [...(event.dataTransfer?.files ?? [])]
    if (files.length > 0) void read(files)
  })

  form.addEventListener('submit', (event) => {
    const texts = boxes()
      .map((each) => each.value)
      .filter((text) => text.trim() !== '')
    const size = texts.reduce((sum, text) => sum + new Blob([text]).size, 0)
    if (size > MAX_SBOM_BYTES) {
      event.preventDefault()
      hooks.notice(`The text is ${sizeText(size)}: this page reads files up to ${MAX_SBOM_TEXT}.`)
      return
    }
    hooks.notice('')
    const [text = box.value] = texts
    const mediaType = texts.length === 1 ? sbomMediaType(text) : null
    // Any other format, and several files: the form posts them, and the server sends the page
    // back.
    if (mediaType === null) {
      hooks.status(texts.length > 1 ? 'Reading the files…' : 'Reading the file…')
      return
    }
    event.preventDefault()
    hooks.readSbom(text, mediaType)
  })
}
