// Offers a blob (a CSV built in the page, a PDF fetched with the session's token) as a file
// download, through an object URL revoked once the browser has taken it.
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
