/**
 * Waits `ms` (`Infinity`: for good), or until one of `signals` aborts.
 * Resolves `true` when the time ran out, `false` when a signal ended the
 * wait; every timer and listener is removed when it ends. How a transport
 * holds a caller for a fault's delay or its missing answer.
 *
 * @example
 * if (!(await waitUnlessAborted(view.delayMs, [signal]))) throw gone()
 */
export function waitUnlessAborted(
  ms: number,
  signals: ReadonlyArray<AbortSignal | undefined>,
): Promise<boolean> {
  const live = signals.filter((s): s is AbortSignal => s !== undefined)
  if (live.some((s) => s.aborted)) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(() => done(true), ms)
    const stop = () => done(false)
    function done(elapsed: boolean) {
      if (timer !== undefined) clearTimeout(timer)
      for (const s of live) s.removeEventListener('abort', stop)
      resolve(elapsed)
    }
    for (const s of live) s.addEventListener('abort', stop, { once: true })
  })
}
