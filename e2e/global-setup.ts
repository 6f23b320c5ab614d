import { startProduct } from '../scripts/start-product.ts'

/**
 * Starts the built product exactly as `npm run serve` does, on a free port with a temporary database,
 * and hands its URL to the tests through `E2E_BASE_URL`.
 */
export default async function startE2eProduct(): Promise<() => Promise<void>> {
  const product = await startProduct('voice-demo-e2e-')
  process.env.E2E_BASE_URL = product.url
  return product.stop
}
