import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { PasteInstructions, PLUGIN_ZIP_PATH } from './paste-instructions.tsx'

let requests: ReturnType<typeof installFakeFetch>
beforeEach(() => {
  requests = installFakeFetch()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const pluginRequest = () => requests.find((request) => request.url === PLUGIN_ZIP_PATH)

it('offers the plugin to download with its version, and the address its settings need', async () => {
  render(<PasteInstructions slug="bright-smile-dental" />)
  const download = screen.getByRole('link', { name: 'Download the WordPress plugin' })
  expect(download.getAttribute('href')).toBe('/wordpress/voice-demo.zip')
  expect(download.hasAttribute('download')).toBe(true)
  // The version comes from the download's own answer, so the page never names a version it does not serve.
  expect(pluginRequest()?.method).toBe('HEAD')
  pluginRequest()?.respond(new Response(null, { status: 200, headers: { 'X-Plugin-Version': '1.4.2' } }))
  await screen.findByText(/\(version 1\.4\.2\)/)

  // The product URL is this site's address, never the prospect's link (which would leave demos empty).
  expect(screen.getByText(window.location.origin).tagName).toBe('CODE')
  screen.getByText(/add a Voice demo block and type the prospect link/)
  screen.getByText('[voice_demo slug="bright-smile-dental"]')
  expect(screen.getByRole('link', { name: 'WordPress sites on your profile' }).getAttribute('href')).toBe(
    '/_/profile',
  )
})

it('says who may paste the snippet without the plugin, and what Authors do instead', () => {
  render(<PasteInstructions slug="bright-smile-dental" />)
  screen.getByText(/only an Administrator or Editor can paste the snippet/)
  screen.getByText(/WordPress strips scripts from Authors' and Contributors' posts/)
  screen.getByText(/Authors use the plugin's Voice demo block instead/)
})

it('names no version when the server has no plugin built', async () => {
  render(<PasteInstructions slug="bright-smile-dental" />)
  pluginRequest()?.respond(new Response(null, { status: 404 }))
  await vi.waitFor(() => expect(pluginRequest()).toBeDefined())
  screen.getByRole('link', { name: 'Download the WordPress plugin' })
  expect(screen.queryByText(/\(version /)).toBeNull()
})
