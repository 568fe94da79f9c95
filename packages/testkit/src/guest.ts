/**
 * A guest session on a running server, as the server's own page makes one (`POST /api/session` with a name): for the
 * tests and benchmarks that speak to a server process by HTTP and socket rather than through a browser.
 */
export async function guestCookie(url: string, name: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`guest ${name}: ${response.status}`);
  // Only `name=value`: the attributes after it are for a browser, not for a request's Cookie header.
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}
