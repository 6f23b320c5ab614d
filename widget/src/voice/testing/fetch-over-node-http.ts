import { request } from 'node:http'

/**
 * `fetch` over Node's HTTP client, answering with the environment's own `Response`. The SDK parses
 * `response.clone().json()`, and happy-dom 21 hands back an empty body when cloning a response that
 * came from the network, so tests swap this in: the request still crosses a real loopback socket.
 */
export function fetchOverNodeHttp(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const headers = Object.fromEntries(new Headers(init.headers).entries())
  const body = typeof init.body === 'string' ? init.body : undefined
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const status = incoming.statusCode ?? 500
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item)
        }
        const text = Buffer.concat(chunks).toString('utf8')
        resolve(new Response(status === 204 ? null : text, { status, headers: responseHeaders }))
      })
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
