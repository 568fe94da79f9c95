/**
 * What the server checks at its edge, for HTTP and sockets alike: where a request comes from (the client's address,
 * through a trusted proxy) and from which site (the `Origin` a browser sends).
 */
export class Edge {
  constructor(
    /** Origins allowed besides none; empty: only the server's own origin (the request's Host). */
    private readonly allowedOrigins: readonly string[],
    /** How many proxies in front of the server append to `X-Forwarded-For` (`TRUST_PROXY`; 0: none trusted). */
    private readonly trustedProxies: number,
  ) {}

  /**
   * Whether a request from a page of `origin` may open a socket or change state. A request without an `Origin`
   * header is not a browser's cross-site request (browsers always send one with a WebSocket handshake and with a
   * cross-site POST), so it carries no visitor's cookie by surprise: it is allowed.
   */
  originAllowed(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    if (this.allowedOrigins.length > 0) return this.allowedOrigins.includes(origin);
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false; // `Origin: null` (a sandboxed page, a file) and anything unreadable
    }
  }

  /**
   * The client's address: the connection's own, or — behind `trustedProxies` proxies — the one the farthest trusted
   * proxy saw (the entries further left in `X-Forwarded-For` are the client's to write, so they are not believed).
   */
  clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined): string {
    const direct = remote ?? 'unknown';
    if (this.trustedProxies === 0 || forwardedFor === undefined) return direct;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const chain = [...hops, direct];
    return chain[Math.max(0, chain.length - 1 - this.trustedProxies)] ?? direct;
  }
}
