/** GET a URL and read its JSON body as the shape the test expects. */
export async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T
}

export interface ServiceInfo {
  dataset: { version: string }
}
export interface Named {
  name: string
}
export interface Verdict {
  compatible: string
}
