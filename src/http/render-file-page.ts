/**
 * The stack page for a file posted to it, as HTML of at most 2 MiB, made in the file reader's
 * worker thread (docs/web.md, "The stack page"). A 4 MiB file of 60,000 unknown packages drew a
 * page of 20 MB on the thread that answers; this page keeps the file in the box only while the
 * page stays within its bound, lists what matched, and sums up beyond the first of a long list.
 */
import { pageDocument } from '../site/page-document.ts'
import { type SitePage, stackFilePage } from '../site/site-page.ts'
import { MAX_LISTED, type StackFileView } from '../site/stack-file-markup.ts'

/** A page for a posted file is at most this large, whatever the file. */
export const MAX_FILE_PAGE_BYTES = 2 * 1024 * 1024

/** What a page needs besides the file: the shell, the site's address, names, the day. */
export interface FilePageContext {
  /** web/index.html with its assets' versioned URLs. */
  readonly shell: string
  readonly publicUrl: string | null
  /** Every name the rows complete from (`stackPageNames`). */
  readonly names: readonly string[]
  /** The day (UTC) the stack is judged on. */
  readonly today: string
}

// The lists' lengths a page tries, longest first, once the file no longer fits in the box.
const LIST_STEPS = [MAX_LISTED, 100, 0]

/**
 * The page's HTML: with the file's text in the box when the page then fits in
 * `MAX_FILE_PAGE_BYTES`, else without it (the page says so) and with ever shorter lists.
 *
 * @param bytes the file's size, for the page to name when it does not send the file back
 */
export function renderFilePage(
  context: FilePageContext,
  status: SitePage['status'],
  view: StackFileView,
  bytes: number,
): string {
  const render = (shown: StackFileView) =>
    pageDocument(
      context.shell,
      stackFilePage(context.names, shown, context.today, status),
      context.publicUrl,
    )
  if (view.text !== '') {
    const html = render(view)
    if (Buffer.byteLength(html) <= MAX_FILE_PAGE_BYTES) return html
  }
  let html = ''
  for (const listed of LIST_STEPS) {
    html = render({
      text: '',
      outcome: view.outcome,
      ...(view.text === '' ? {} : { textOmitted: bytes }),
      limits: { listed },
      ...(view.readiness === undefined ? {} : { readiness: view.readiness }),
    })
    if (Buffer.byteLength(html) <= MAX_FILE_PAGE_BYTES) return html
  }
  return html
}
