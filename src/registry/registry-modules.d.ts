// The parts of npm's own fetch libraries that src/registry uses (they ship no types).

declare module 'npm-registry-fetch' {
  interface NpmFetchOptions {
    readonly [setting: string]: unknown
  }
  interface NpmFetch {
    json(path: string, options: NpmFetchOptions): Promise<unknown>
  }
  const npmFetch: NpmFetch
  export default npmFetch
}

declare module 'make-fetch-happen' {
  interface FetchResponse {
    readonly ok: boolean
    readonly status: number
    readonly statusText: string
    json(): Promise<unknown>
  }
  type MakeFetchHappen = (
    url: string,
    options: Readonly<Record<string, unknown>>,
  ) => Promise<FetchResponse>
  const makeFetchHappen: MakeFetchHappen
  export default makeFetchHappen
}
