// Schema cache reloads can overlap: a NOTIFY arrives while the previous reload is still reading
// the catalogue. Each reload's answer reflects the catalogue as of when it started, so the one
// started last is the newest, whatever order they finish in. PostgREST runs one reload at a time;
// here they may run side by side and an older answer never replaces a newer one (it once did:
// a function created just after a reload began stayed unknown until the next NOTIFY).

/** Runs loads side by side; `current()` is the answer of the latest-started load that succeeded. */
export class LatestLoad<T> {
  #started = 0
  #applied = 0
  #current: Promise<T> | null = null

  constructor(private readonly load: () => Promise<T>) {}

  /** Starts a load; resolves once it has finished (whether or not a newer one replaced it). */
  async reload(): Promise<void> {
    const seq = ++this.#started
    const next = this.load()
    await next
    if (seq > this.#applied) {
      this.#applied = seq
      this.#current = next
    }
  }

  /** The newest answer, loading one first when there is none (a failed first load is retried). */
  current(): Promise<T> {
    if (!this.#current) {
      const seq = ++this.#started
      const loading = this.load()
      this.#current = loading
      loading.then(() => {
        if (seq > this.#applied) this.#applied = seq
      }, () => {
        if (this.#current === loading) this.#current = null
      })
    }
    return this.#current
  }
}
