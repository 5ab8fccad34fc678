/** An HTTP request over a real socket, its body as sent: fetch would decompress it. */
import { type ClientRequest, request } from 'node:http'

export interface RawResponse {
  readonly status: number
  readonly headers: Record<string, unknown>
  readonly body: Buffer
}

/** `send` writes the request (a body, or pieces of one); by default it ends it at once. */
export function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  send: (outgoing: ClientRequest) => void = (outgoing) => outgoing.end(),
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
    })
    outgoing.on('error', reject)
    send(outgoing)
  })
}
