/**
 * An evidence link (`#evidence/<version>/<key>`, from the matrix or another page) may point
 * into a closed section. Chromium opens it by itself; other browsers may not, so the page
 * opens the sections around the target and brings it into view.
 */
export function revealTarget(): void {
  let id: string
  try {
    id = decodeURIComponent(location.hash.slice(1))
  } catch {
    return
  }
  const target = id === '' ? null : document.getElementById(id)
  if (target === null) return
  let opened = false
  for (let details = target.closest('details'); details !== null; ) {
    if (!details.open) {
      details.open = true
      opened = true
    }
    details = details.parentElement?.closest('details') ?? null
  }
  if (opened) target.scrollIntoView()
}
