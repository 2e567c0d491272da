/**
 * The patches an interception puts on process-wide things (msw's server,
 * `fetch`, undici's dispatcher, sockets, DNS, workers, WebSocket, the ESM
 * namespaces), each with the function that takes it off again: applied in
 * order, undone in reverse from one place, each once, as in
 * `@mswjs/interceptors`' `Interceptor` (its `subscriptions`).
 */
export class PatchStack {
  private readonly undo: { name: string; restore: () => void }[] = []

  /** Applies a patch now and keeps its undo. Returns what `install` returned besides. */
  apply(name: string, install: () => () => void): void {
    this.undo.push({ name, restore: install() })
  }

  /** The names of the patches on, in the order they went on. */
  get applied(): readonly string[] {
    return this.undo.map((patch) => patch.name)
  }

  /**
   * Takes every patch off, the last applied first. Safe twice (the second
   * finds none). One failing undo does not leave the others on: each runs,
   * and the first error is thrown once all have.
   */
  undoAll(): void {
    let failure: { error: unknown } | undefined
    for (let patch = this.undo.pop(); patch; patch = this.undo.pop()) {
      try {
        patch.restore()
      } catch (error) {
        failure ??= { error }
      }
    }
    if (failure) throw failure.error
  }
}
