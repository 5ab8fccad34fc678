/**
 * Turns any text into an id-safe one, one to one: `a-z`, `0-9` and `-` stay, anything else
 * becomes `_<hex code>_` (`python3.11` → `python3_2e_11`). Every `_` of such an id opens or closes
 * an escape, so an id made here followed by `_title` (`_desc`, `_caption`, `_text`: the chart's
 * own ids) is never an id made here: keys `a` and `a-title` cannot collide.
 */
export function chartId(text: string): string {
  let id = ''
  for (const character of text) {
    id += /^[a-z0-9-]$/.test(character)
      ? character
      : `_${(character.codePointAt(0) ?? 0).toString(16)}_`
  }
  return id
}
