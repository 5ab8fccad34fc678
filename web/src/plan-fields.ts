/** The stack page's plan form: its fields read as a plan, or shown from one. */
import type { PlanFields } from '../../src/site/plan-query.ts'
import { planFieldsFault } from '../../src/site/stack-form-query.ts'

/** The form's inputs (the stack page's parts hold them). */
export interface PlanInputs {
  readonly upgradeName: HTMLInputElement
  readonly upgradeVersion: HTMLInputElement
  readonly allowUnknown: HTMLInputElement
  readonly onePath: HTMLInputElement
  readonly supportedOn: HTMLInputElement
}

export class PlanFieldsForm {
  readonly #parts: PlanInputs

  constructor(parts: PlanInputs) {
    this.#parts = parts
  }

  /** The fields as they stand, or the form's fault in words. */
  read(): PlanFields | string {
    const { upgradeName, upgradeVersion, allowUnknown, onePath, supportedOn } = this.#parts
    const fields: PlanFields = {
      upgrade: upgradeName.value.trim(),
      to: upgradeVersion.value.trim(),
      unknown: allowUnknown.checked ? 'allow' : 'block',
      path: onePath.checked,
      supportedOn: supportedOn.value,
    }
    if (supportedOn.validity.badInput) {
      return 'Give “Supported on” as a whole date (year, month and day), or leave it empty.'
    }
    return planFieldsFault(fields, true) ?? fields
  }

  show(fields: PlanFields | null): void {
    const { upgradeName, upgradeVersion, allowUnknown, onePath, supportedOn } = this.#parts
    upgradeName.value = fields?.upgrade ?? ''
    upgradeVersion.value = fields?.to ?? ''
    allowUnknown.checked = fields?.unknown === 'allow'
    onePath.checked = fields?.path ?? false
    supportedOn.value = fields?.supportedOn ?? ''
  }
}
