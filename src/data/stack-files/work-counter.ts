/**
 * The steps a reader takes, counted where it looks at its input: each character or value it
 * examines is a step. Tests hold the count to a constant times the input's size (every reader
 * here is linear: docs/api.md, "Stacks from files"); without a counter, nothing is counted.
 */
export interface WorkCounter {
  steps: number
}
