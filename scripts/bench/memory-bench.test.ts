import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serveArguments } from '../start-product.ts'
import { summarizeLoad, unitMallocEnvironment } from './memory-bench.ts'

const unit = readFileSync(new URL('../../deploy/voice-demo@.service', import.meta.url), 'utf8')

describe('the memory bench', () => {
  it('judges the load by its last readings: their middle and their most', () => {
    const samples = [150, 100, 110, 140, 120].map((rss, i) => ({ at: i * 60_000, rss }))
    // The first reading, four minutes before the last, is outside a two-minute window.
    expect(summarizeLoad(samples, 120_000)).toEqual({ median: 120, most: 140, count: 3 })
    expect(summarizeLoad(samples, 180_000)).toEqual({ median: 115, most: 140, count: 4 })
    expect(summarizeLoad(samples, 240_000)).toEqual({ median: 120, most: 150, count: 5 })
    expect(summarizeLoad([])).toEqual({ median: 0, most: 0, count: 0 })
  })

  it('measures the server with the malloc settings the systemd unit gives it', () => {
    expect(unitMallocEnvironment(unit)).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' })
    expect(unitMallocEnvironment('Environment=PORT=%i MALLOC_ARENA_MAX=4\nEnvironment=HOST=x')).toEqual({
      MALLOC_ARENA_MAX: '4',
    })
  })

  it('measures what the systemd unit runs: npm run serve’s node arguments', () => {
    const execStart = /^ExecStart=\/usr\/bin\/node (.+)$/m.exec(unit)?.[1]
    expect(execStart?.split(' ')).toEqual(serveArguments())
  })
})
