import { expect, it, vi } from 'vitest'
import { lazyPart } from './lazy-part.ts'

it('fetches a part once however often it is asked for, and has it from then on', async () => {
  const fetchPart = vi.fn(async () => 'dialog')
  const part = lazyPart(fetchPart)
  expect(part.get()).toBeNull()
  expect(fetchPart).not.toHaveBeenCalled() // nothing before the first use

  const [first, second] = await Promise.all([part.load(), part.load()])
  expect([first, second, await part.load()]).toEqual(['dialog', 'dialog', 'dialog'])
  expect(part.get()).toBe('dialog')
  expect(fetchPart).toHaveBeenCalledOnce()
})

it('forgets a failed fetch, so the next use tries again', async () => {
  const fetchPart = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue('call')
  const part = lazyPart(fetchPart)
  await expect(part.load()).rejects.toThrow(TypeError)
  expect(part.get()).toBeNull()
  await expect(part.load()).resolves.toBe('call')
  expect(part.get()).toBe('call')
  expect(fetchPart).toHaveBeenCalledTimes(2)
})
