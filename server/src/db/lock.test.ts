import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, LOCK_FILE } from './lock.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A process that is alive while the test runs, standing in for another server. */
async function withOtherProcess(run: (pid: number) => void | Promise<void>) {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
  await once(child, 'spawn')
  try {
    await run(child.pid as number)
  } finally {
    child.kill()
  }
}

describe('acquireDataDirLock', () => {
  it('writes our pid and removes the file on release', () => {
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('refuses a second opener while the holder lives, naming the directory and the pid', async () => {
    await withOtherProcess((pid) => {
      acquireDataDirLock(dir, pid) // as the other server would have
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`${dir}.*in use by process ${pid}`))
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(pid)) // untouched
    })
  })

  it('refuses a second open in the same process', () => {
    const lock = acquireDataDirLock(dir)
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/)
    lock.release()
  })

  it('takes over a lock left by a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await once(child, 'exit')
    writeFileSync(join(dir, LOCK_FILE), `${child.pid}\n`)
    const lock = acquireDataDirLock(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('does not delete a lock that now belongs to another process', async () => {
    const lock = acquireDataDirLock(dir)
    await withOtherProcess((pid) => {
      writeFileSync(join(dir, LOCK_FILE), `${pid}\n`) // someone removed ours and started a server
      lock.release()
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
    })
  })
})
