import { expect, it } from 'vitest'
import { cameOverHttps } from './came-over-https.ts'

it('counts a request as https by its scheme, or by X-Forwarded-Proto only behind a trusted proxy', () => {
  expect(cameOverHttps('https://demo.example/', undefined, false)).toBe(true)
  expect(cameOverHttps('http://127.0.0.1:8787/', 'https', false)).toBe(false) // the client's word
  expect(cameOverHttps('http://10.0.0.2/', 'https', true)).toBe(true)
  expect(cameOverHttps('http://10.0.0.2/', 'HTTPS', true)).toBe(true)
  expect(cameOverHttps('http://10.0.0.2/', 'https, http', true)).toBe(false) // our proxy's is last
  expect(cameOverHttps('http://10.0.0.2/', undefined, true)).toBe(false)
})
