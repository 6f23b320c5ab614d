/**
 * Asks the server about something under way (an import's job, its sites' reading) every `intervalMs`
 * while the page is visible, at once when it shows again, and never after it is left: `ask` answers
 * whether the thing has ended (then nothing more is asked) and handles its own failures (a failed
 * turn is asked again at the next). `now`: the first ask at once, else after one interval. Returns
 * the stop, for an effect's clean-up; it also aborts the ask under way through `ask`'s signal.
 */
export function pollWhileVisible(options: {
  ask: (signal: AbortSignal) => Promise<boolean>
  intervalMs: number
  now: boolean
}): () => void {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let asking = false
  let ended = false
  const ask = () => {
    timer = undefined
    asking = true
    options
      .ask(controller.signal)
      .then(
        (done) => {
          ended = done
        },
        () => {},
      )
      .finally(() => {
        asking = false
        if (!ended && !controller.signal.aborted) wait()
      })
  }
  const wait = () => {
    if (document.visibilityState === 'visible') timer = setTimeout(ask, options.intervalMs)
  }
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') {
      clearTimeout(timer)
      timer = undefined
    } else if (!timer && !asking && !ended) ask()
  }
  if (options.now) ask()
  else wait()
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    controller.abort()
    clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}
