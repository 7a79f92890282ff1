// Shared by the web server's tests: the values `npm test` hands every Deno test (the throwaway
// stack's URL and keys), and a free port. Nothing here imports the stand-in platform (stack/):
// the server is product code and is tested as a deployment runs it.

export const env = (name: string): string => {
  const v = Deno.env.get(name)
  if (!v) throw new Error(`${name} is not set: run through \`npm test\``)
  return v
}

/** A port nothing listens on now (the server under test, or an API nobody answers on). */
export function freePort(): number {
  const l = Deno.listen({ hostname: '127.0.0.1', port: 0 })
  const port = (l.addr as Deno.NetAddr).port
  l.close()
  return port
}
