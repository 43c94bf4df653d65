/**
 * A fetch answered by a fetch-style handler without a socket, failing the way undici's fetch
 * fails: a dropped connection rejects with TypeError('fetch failed'), an abort with the signal's
 * reason (even while the handler is still working, as a real server would be). The partner
 * sandbox and the terminal simulator both serve tills in-process through it.
 */
export function createInProcessFetch(
  handle: (request: Request) => Promise<Response>,
  options: {
    /** Relative URLs are allowed in-process, where there is no host to name: they resolve against this. */
    origin: string;
    /** The handler's way of saying "the connection dropped": such an error becomes a network failure. */
    isDropped: (error: unknown) => boolean;
  },
): typeof fetch {
  const inProcessFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(typeof input === 'string' && input.startsWith('/') ? new URL(input, options.origin) : input, init);
    const { signal } = request;
    if (signal.aborted) throw signal.reason;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([handle(request), aborted]);
    } catch (error) {
      if (options.isDropped(error)) throw new TypeError('fetch failed', { cause: error });
      throw error;
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };
  return inProcessFetch as typeof fetch;
}
