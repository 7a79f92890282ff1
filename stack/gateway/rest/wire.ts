// A small Postgres client for the gateway's hot path, a read: the settings statement and the
// read's statement go in one write as Bind/Execute pairs with a single Sync, so they run in one
// implicit transaction (read-only by set_config('transaction_read_only', 'on', true) in the
// settings statement) and Postgres answers with one flush. postgres.js needs BEGIN and COMMIT
// around them (it ends every query with Sync) and, over Deno's Node-compatible sockets, cost about
// 100 µs of CPU per request on its own; this costs about 40 (profile in stack/README.md). Writes,
// the schema cache, LISTEN and Prefer: count=planned stay on postgres.js.
//
// Native Deno sockets, statements prepared once per connection (Parse + Describe the first time,
// in the same write), values as text (Postgres infers their types, as postgres.js does here), the
// result as the bytes Postgres sent. Errors have postgres.js's shape (name PostgresError, code,
// message, detail, hint) so errors.ts and recovery.ts treat them alike; a connection that fails
// is dropped, with code CONNECTION_CLOSED / ECONNREFUSED as postgres.js would say.

export interface WireOptions {
  hostname: string
  port: number
  user: string
  password: string
  database: string
  /** Most connections open at once. */
  max: number
  /** Startup parameters (application_name, client_connection_check_interval, …). */
  params: Record<string, string>
  /** Most statements a connection keeps prepared (default STATEMENTS_MAX). */
  statementsMax?: number
}

/**
 * Statements a connection keeps prepared, at most. Every shape of read is a statement of its own
 * (its table, columns, filters and page size), and a client may send as many shapes as it likes:
 * past this the connection closes its oldest statements, so a backend's memory stays bounded.
 */
export const STATEMENTS_MAX = 200

export interface WireStatement {
  text: string
  values: (string | null)[]
}

/** The rows of a statement: column names, each row's values as bytes (null for NULL). */
export interface WireResult {
  columns: string[]
  rows: (Uint8Array | null)[][]
}

export class PostgresError extends Error {
  override name = 'PostgresError'
  code: string
  detail?: string
  hint?: string
  severity?: string
  constructor(fields: Record<string, string>) {
    super(fields.M ?? 'unknown error')
    this.code = fields.C ?? 'XX000'
    if (fields.D !== undefined) this.detail = fields.D
    if (fields.H !== undefined) this.hint = fields.H
    if (fields.S !== undefined) this.severity = fields.S
  }
}

function connectionError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code })
}

const enc = new TextEncoder()
const dec = new TextDecoder()

/**
 * Builds protocol messages into one growing buffer. A connection keeps its own and reuses it for
 * every request: a new 8 KB buffer a request (and a copy of it to send, and one array a value)
 * made malloc and the garbage collector a tenth of the gateway's CPU in a perf profile.
 */
class Writer {
  buf = new Uint8Array(8192)
  view = new DataView(this.buf.buffer)
  n = 0
  #ensure(k: number) {
    if (this.n + k <= this.buf.length) return
    const b = new Uint8Array(Math.max(this.buf.length * 2, this.n + k))
    b.set(this.buf.subarray(0, this.n))
    this.buf = b
    this.view = new DataView(b.buffer)
  }
  u8(x: number) {
    this.#ensure(1)
    this.buf[this.n++] = x
  }
  i16(x: number) {
    this.#ensure(2)
    this.view.setInt16(this.n, x)
    this.n += 2
  }
  i32(x: number) {
    this.#ensure(4)
    this.view.setInt32(this.n, x)
    this.n += 4
  }
  /** A NUL-terminated string. */
  cstr(s: string) {
    this.text(s)
    this.u8(0)
  }
  /** A string's UTF-8 bytes, encoded in place; returns their length. */
  text(s: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    this.#ensure(s.length * 3)
    const { written } = enc.encodeInto(s, this.buf.subarray(this.n))
    this.n += written
    return written
  }
  bytes(b: Uint8Array) {
    this.#ensure(b.length)
    this.buf.set(b, this.n)
    this.n += b.length
  }
  /** One message: type byte, length, the body `fill` writes. */
  msg(type: number, fill: () => void) {
    this.u8(type)
    const at = this.n
    this.i32(0)
    fill()
    this.view.setInt32(at, this.n - at)
  }
  /** A copy of what was written; the writer starts again empty. */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.n)
    this.n = 0
    return out
  }
  /** What was written, as a view of the buffer: valid until the writer is next used. */
  written(): Uint8Array {
    const out = this.buf.subarray(0, this.n)
    this.n = 0
    return out
  }
}

const P = 0x50, B = 0x42, C = 0x43, D = 0x44, E = 0x45, S = 0x53, p = 0x70
const SYNC = new Uint8Array([S, 0, 0, 0, 4])

async function hmac(key: Uint8Array<ArrayBuffer>, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(data)))
}

class Connection {
  #conn: Deno.Conn
  #rbuf = new Uint8Array(65536)
  #rn = 0
  #off = 0
  /** Statement text → its name and result columns on this connection. */
  statements = new Map<string, { name: string; columns: string[] }>()
  #count = 0
  /** Builds each request's messages; a connection runs one request at a time. */
  #w = new Writer()
  broken = false
  #statementsMax: number

  constructor(conn: Deno.Conn, statementsMax = STATEMENTS_MAX) {
    this.#conn = conn
    this.#statementsMax = statementsMax
  }

  static async open(o: WireOptions): Promise<Connection> {
    let socket: Deno.TcpConn
    try {
      socket = await Deno.connect({ hostname: o.hostname, port: o.port })
    } catch (e) {
      throw connectionError(
        e instanceof Deno.errors.ConnectionRefused ? 'ECONNREFUSED' : 'CONNECTION_CLOSED',
        (e as Error).message,
      )
    }
    socket.setNoDelay(true)
    const c = new Connection(socket, o.statementsMax)
    try {
      await c.#startup(o)
    } catch (e) {
      c.close()
      throw e
    }
    return c
  }

  async #startup(o: WireOptions) {
    const w = new Writer()
    w.i32(0)
    w.i32(196608)
    for (
      const [k, v] of Object.entries({
        user: o.user,
        database: o.database,
        client_encoding: 'UTF8',
        ...o.params,
      })
    ) {
      w.cstr(k)
      w.cstr(v)
    }
    w.u8(0)
    const start = w.take()
    new DataView(start.buffer).setInt32(0, start.length)
    await this.#write(start)
    let scram: { nonce: string; first: string } | null = null
    let error: PostgresError | null = null
    for (;;) {
      const [type, body] = await this.#next()
      if (type === 0x52) {
        const v = new DataView(body.buffer, body.byteOffset, body.length)
        const kind = v.getInt32(0)
        if (kind === 0 || kind === 12) continue
        if (kind === 3) {
          w.msg(p, () => w.cstr(o.password))
          await this.#write(w.take())
        } else if (kind === 10) {
          const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))))
          const first = `n=,r=${nonce}`
          const msg = enc.encode(`n,,${first}`)
          w.msg(p, () => {
            w.cstr('SCRAM-SHA-256')
            w.i32(msg.length)
            w.bytes(msg)
          })
          await this.#write(w.take())
          scram = { nonce, first }
        } else if (kind === 11 && scram) {
          const server = dec.decode(body.subarray(4))
          const attrs = Object.fromEntries(server.split(',').map((kv) => [kv[0], kv.slice(2)]))
          const salt = Uint8Array.from(atob(attrs.s), (ch) => ch.charCodeAt(0))
          const base = await crypto.subtle.importKey(
            'raw',
            enc.encode(o.password),
            'PBKDF2',
            false,
            [
              'deriveBits',
            ],
          )
          const salted = new Uint8Array(
            await crypto.subtle.deriveBits(
              { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: Number(attrs.i) },
              base,
              256,
            ),
          )
          const clientKey = await hmac(salted, 'Client Key')
          const storedKey = new Uint8Array(await crypto.subtle.digest('SHA-256', clientKey))
          const without = `c=biws,r=${attrs.r}`
          const signature = await hmac(storedKey, `${scram.first},${server},${without}`)
          const proof = clientKey.map((b, i) => b ^ signature[i])
          const final = enc.encode(`${without},p=${btoa(String.fromCharCode(...proof))}`)
          w.msg(p, () => w.bytes(final))
          await this.#write(w.take())
        } else {
          throw connectionError('CONNECTION_CLOSED', `unsupported authentication method ${kind}`)
        }
      } else if (type === E) {
        error = parseError(body)
      } else if (type === 0x5a) {
        if (error) throw error
        return
      }
    }
  }

  async #write(b: Uint8Array) {
    try {
      let off = 0
      while (off < b.length) off += await this.#conn.write(b.subarray(off))
    } catch (e) {
      this.broken = true
      throw connectionError('CONNECTION_CLOSED', (e as Error).message)
    }
  }

  /** The next message: its type and body (a view valid until the next read). */
  async #next(): Promise<[number, Uint8Array]> {
    for (;;) {
      const avail = this.#rn - this.#off
      if (avail >= 5) {
        const len = (this.#rbuf[this.#off + 1] << 24 | this.#rbuf[this.#off + 2] << 16 |
          this.#rbuf[this.#off + 3] << 8 | this.#rbuf[this.#off + 4]) >>> 0
        if (avail >= len + 1) {
          const type = this.#rbuf[this.#off]
          const body = this.#rbuf.subarray(this.#off + 5, this.#off + 1 + len)
          this.#off += len + 1
          return [type, body]
        }
        if (len + 1 > this.#rbuf.length) {
          const b = new Uint8Array(len + 1 + 65536)
          b.set(this.#rbuf.subarray(this.#off, this.#rn))
          this.#rbuf = b
          this.#rn -= this.#off
          this.#off = 0
        }
      }
      if (this.#off > 0) {
        this.#rbuf.copyWithin(0, this.#off, this.#rn)
        this.#rn -= this.#off
        this.#off = 0
      }
      let k: number | null
      try {
        k = await this.#conn.read(this.#rbuf.subarray(this.#rn))
      } catch (e) {
        this.broken = true
        throw connectionError('CONNECTION_CLOSED', (e as Error).message)
      }
      if (k === null) {
        this.broken = true
        throw connectionError('CONNECTION_CLOSED', 'The database closed the connection.')
      }
      this.#rn += k
    }
  }

  /**
   * Runs the statements in one implicit transaction (one Sync) and returns the last one's result.
   * The first error is thrown after Postgres has answered the Sync, so the connection is ready.
   */
  async run(statements: WireStatement[]): Promise<WireResult> {
    const w = this.#w
    const parsing: { text: string; name: string }[] = []
    const describing: { text: string; name: string }[] = []
    this.#makeRoom(statements)
    for (const s of statements) {
      const known = this.statements.get(s.text)
      let name = known?.name
      if (!known) {
        name = `r${this.#count++}`
        w.msg(P, () => {
          w.cstr(name!)
          w.cstr(s.text)
          w.i16(0)
        })
        w.msg(D, () => {
          w.u8(S)
          w.cstr(name!)
        })
        parsing.push({ text: s.text, name })
        describing.push({ text: s.text, name })
      }
      w.msg(B, () => {
        w.u8(0)
        w.cstr(name!)
        w.i16(0)
        w.i16(s.values.length)
        for (const v of s.values) {
          if (v === null) w.i32(-1)
          else {
            // The length goes before the bytes: leave room, encode, then fill it in (through
            // the view of the buffer as it is after encoding, which may have grown it).
            const at = w.n
            w.i32(0)
            const length = w.text(v)
            w.view.setInt32(at, length)
          }
        }
        w.i16(0)
      })
      w.msg(E, () => {
        w.u8(0)
        w.i32(0)
      })
    }
    w.bytes(SYNC)
    // Sent from the writer's own buffer: nothing else writes to it until this request is done.
    await this.#write(w.written())

    let error: PostgresError | null = null
    let completed = 0
    const last = statements.length - 1
    const rows: (Uint8Array | null)[][] = []
    for (;;) {
      const [type, body] = await this.#next()
      switch (type) {
        case 0x31: // ParseComplete
          this.statements.set(parsing[0].text, { name: parsing[0].name, columns: [] })
          parsing.shift()
          break
        case 0x54: { // RowDescription (of a Describe)
          const names: string[] = []
          const n = body[0] << 8 | body[1]
          let at = 2
          for (let i = 0; i < n; i++) {
            const end = body.indexOf(0, at)
            names.push(dec.decode(body.subarray(at, end)))
            at = end + 1 + 18
          }
          const d = describing.shift()!
          const known = this.statements.get(d.text)
          if (known) known.columns = names
          break
        }
        case 0x6e: // NoData
          describing.shift()
          break
        case D: // DataRow
          if (completed === last) {
            const n = body[0] << 8 | body[1]
            const row: (Uint8Array | null)[] = new Array(n)
            let at = 2
            for (let i = 0; i < n; i++) {
              const len = body[at] << 24 | body[at + 1] << 16 | body[at + 2] << 8 | body[at + 3]
              at += 4
              if (len < 0) row[i] = null
              else {
                row[i] = body.slice(at, at + len)
                at += len
              }
            }
            rows.push(row)
          }
          break
        case 0x43: // CommandComplete
          completed++
          break
        case E:
          error ??= parseError(body)
          break
        case 0x5a: // ReadyForQuery
          if (error) throw error
          return { columns: this.statements.get(statements[last].text)!.columns, rows }
          // ParameterDescription, BindComplete, NoticeResponse, ParameterStatus, notifications:
          // nothing to do.
      }
    }
  }

  /**
   * Closes the oldest prepared statements (not those of this request) when preparing this
   * request's new ones would take the connection past its most. The Close messages go first in
   * the same write; Postgres answers each with CloseComplete, which needs nothing.
   */
  #makeRoom(statements: WireStatement[]) {
    let missing = 0
    for (const s of statements) if (!this.statements.has(s.text)) missing++
    let over = this.statements.size + missing - this.#statementsMax
    if (missing === 0 || over <= 0) return
    const w = this.#w
    for (const [text, { name }] of this.statements) {
      if (over <= 0) break
      if (statements.some((s) => s.text === text)) continue
      w.msg(C, () => {
        w.u8(S)
        w.cstr(name)
      })
      this.statements.delete(text)
      over--
    }
  }

  close() {
    this.broken = true
    try {
      this.#conn.close()
    } catch {
      // already closed
    }
  }
}

function parseError(body: Uint8Array): PostgresError {
  const fields: Record<string, string> = {}
  let at = 0
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1)
    fields[String.fromCharCode(body[at])] = dec.decode(body.subarray(at + 1, end))
    at = end + 1
  }
  return new PostgresError(fields)
}

/** A pool of these connections; a request holds one for its statements. */
export class WirePool {
  #idle: Connection[] = []
  #all = new Set<Connection>()
  #opening = 0
  #waiting: ((c: Connection | null, e?: unknown) => void)[] = []
  #closed = false

  constructor(private options: WireOptions) {}

  /** Runs `statements` in one implicit transaction on a pooled connection. */
  async run(statements: WireStatement[]): Promise<WireResult> {
    const wasIdle = this.#idle.length > 0
    const c = await this.#acquire()
    try {
      return await c.run(statements)
    } catch (e) {
      // An idle connection the server closed meanwhile (a restart, pg_terminate_backend) fails
      // at once: a read's statements run again, once, on a new connection (safe: they only read).
      if (!wasIdle || (e as { code?: string }).code !== 'CONNECTION_CLOSED' || this.#closed) {
        throw e
      }
    } finally {
      this.#release(c)
    }
    // The other idle connections most likely met the same end (a restart ends them all).
    this.drain()
    const fresh = await this.#acquire()
    try {
      return await fresh.run(statements)
    } finally {
      this.#release(fresh)
    }
  }

  #size() {
    return this.#all.size + this.#opening
  }

  #open(): Promise<Connection> {
    this.#opening++
    return Connection.open(this.options).then((c) => {
      this.#opening--
      if (this.#closed) {
        c.close()
        throw connectionError('CONNECTION_ENDED', 'The pool is closed.')
      }
      this.#all.add(c)
      return c
    }, (e) => {
      this.#opening--
      throw e
    })
  }

  #acquire(): Promise<Connection> {
    if (this.#closed) {
      return Promise.reject(connectionError('CONNECTION_ENDED', 'The pool is closed.'))
    }
    const idle = this.#idle.pop()
    if (idle) return Promise.resolve(idle)
    if (this.#size() < this.options.max) return this.#open()
    return new Promise((resolve, reject) => {
      this.#waiting.push((c, e) => c ? resolve(c) : reject(e))
    })
  }

  #release(c: Connection) {
    if (c.broken || this.#closed) {
      c.close()
      this.#all.delete(c)
      // A waiter gets a new connection in the place of the broken one.
      const next = this.#waiting.shift()
      if (next) this.#open().then((fresh) => next(fresh), (e) => next(null, e))
      return
    }
    const next = this.#waiting.shift()
    if (next) next(c)
    else this.#idle.push(c)
  }

  /** Forgets idle connections (after the database came back, their sockets may be dead). */
  drain() {
    for (const c of this.#idle.splice(0)) {
      c.close()
      this.#all.delete(c)
    }
  }

  /** Closes every connection, busy ones too: their requests were answered at shutdown. */
  close() {
    this.#closed = true
    this.#idle = []
    for (const c of this.#all) c.close()
    this.#all.clear()
    for (const w of this.#waiting.splice(0)) {
      w(null, connectionError('CONNECTION_ENDED', 'The pool is closed.'))
    }
  }
}
