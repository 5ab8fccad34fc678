/**
 * "Can it take …?" in the browser (docs/web.md, "The stack page"): for an SBOM the page sends
 * to the API itself, the target of the form's field is asked too, and the answer shown in its
 * region. Any other file goes with the form, and the server answers both.
 */
import {
  type ReadinessOutcome,
  readinessResult,
  readinessSummary,
  readTarget,
} from '../../src/site/readiness-markup.ts'
import { ApiError, describeFailure, readinessOf, type SbomMediaType } from './api.ts'
import { replaceChildren } from './dom.ts'
import { LatestRequest } from './latest-request.ts'
import { today } from './today.ts'

export class ReadinessCheck {
  readonly #region: HTMLElement
  readonly #field: HTMLInputElement
  readonly #status: (text: string) => void
  readonly #requests: LatestRequest

  constructor(region: HTMLElement, field: HTMLInputElement, status: (text: string) => void) {
    this.#region = region
    this.#field = field
    this.#status = status
    this.#requests = new LatestRequest(region)
  }

  /** Asks for the file's readiness when the field names a target; clears the region else. */
  ask(text: string, mediaType: SbomMediaType | null): void {
    const written = this.#field.value
    if (written.trim() === '') {
      this.#requests.abort()
      replaceChildren(this.#region)
      return
    }
    const target = readTarget(written)
    if (target === null) {
      this.#show({
        refused: `“${written}” names no target: give NAME@VERSION, such as nodejs@24 or react@19.0.0.`,
      })
      return
    }
    void this.#requests.run(
      (signal) => readinessOf(text, `${target.name}@${target.version}`, mediaType, today(), signal),
      (answer) => {
        this.#show({ answer })
        this.#status(readinessSummary(answer))
      },
      (error) => {
        const reason =
          error instanceof ApiError && error.problem?.errors?.[0] !== undefined
            ? error.problem.errors[0].reason
            : describeFailure(error)
        this.#show({ refused: reason })
      },
    )
  }

  #show(outcome: ReadinessOutcome): void {
    replaceChildren(this.#region, readinessResult(outcome))
  }
}
