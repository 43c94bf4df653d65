import { AnswerLost } from './envelope';

/** Relative URLs are allowed in-process: there is no host to name. */
const IN_PROCESS_ORIGIN = 'http://terminal.invalid';

/**
 * A fetch answered by the handler without a socket, failing as undici's fetch fails: a dropped
 * answer rejects with TypeError('fetch failed'), an abort with the signal's reason.
 */
export function createInProcessFetch(handle: (request: Request) => Promise<Response>): typeof fetch {
  const inProcessFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(typeof input === 'string' && input.startsWith('/') ? new URL(input, IN_PROCESS_ORIGIN) : input, init);
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
      if (error instanceof AnswerLost) throw new TypeError('fetch failed', { cause: error });
      throw error;
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };
  return inProcessFetch as typeof fetch;
}
