/**
 * An answer the visitor asked for is brought into view and given focus (docs/web.md,
 * "Accessibility"): a check's verdict can land far below the button that asked it, on a
 * phone more than a screen away. The heading takes focus, so a screen reader reads it and the
 * keyboard continues from there; a message is only scrolled to (its region is an alert).
 */

/** Scrolls the heading to the top of the window and focuses it (tabindex -1: not in the tab order). */
export function focusAnswer(heading: HTMLElement | null): void {
  if (heading === null) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.scrollIntoView({ block: 'start' })
  heading.focus({ preventScroll: true })
}

/** Scrolls a message into the middle of the window when it is not in view already. */
export function showMessage(region: HTMLElement): void {
  if (region.textContent === '') return
  const box = region.getBoundingClientRect()
  if (box.top >= 0 && box.bottom <= window.innerHeight) return
  region.scrollIntoView({ block: 'center' })
}
