/**
 * A region of a page that shows the answer of the latest request only: asking again aborts
 * the request in flight, and an aborted request's answer or failure is dropped, so a slow
 * earlier answer never replaces a newer one. The region is `aria-busy` while a request runs.
 */
export class LatestRequest {
  readonly #region: HTMLElement
  #inFlight: AbortController | null = null

  constructor(region: HTMLElement) {
    this.#region = region
  }

  /** Drops the request in flight, if any. */
  abort(): void {
    this.#inFlight?.abort()
  }

  /** Asks; then shows the answer, or reports the failure, unless a later request came since. */
  async run<T>(
    ask: (signal: AbortSignal) => Promise<T>,
    show: (answer: T) => void,
    fail: (error: unknown) => void,
  ): Promise<void> {
    this.#inFlight?.abort()
    const controller = new AbortController()
    this.#inFlight = controller
    this.#region.setAttribute('aria-busy', 'true')
    try {
      const answer = await ask(controller.signal)
      if (!controller.signal.aborted) show(answer)
    } catch (error) {
      if (!controller.signal.aborted) fail(error)
    } finally {
      if (this.#inFlight === controller) {
        this.#inFlight = null
        this.#region.removeAttribute('aria-busy')
      }
    }
  }
}
