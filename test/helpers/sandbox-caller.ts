import { SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox } from '../../electron/sandbox';

/** Raw calls to the sandbox's partner surface, with the headers every partner route requires. */
export type Json = any;
export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;

export function caller(fetchFn: typeof fetch, base: string): Call {
  return async (method, path, body) => {
    const response = await fetchFn(base + path, {
      method,
      headers: { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
}

/** Every sandbox test runs over real HTTP and through the in-process fetch the app mounts. */
export const transports = [
  {
    name: 'HTTP',
    async open(sandbox: Sandbox) {
      const server = await startSandboxServer({ sandbox });
      return { call: caller(fetch, server.url), close: () => server.close() };
    },
  },
  {
    name: 'in-process',
    async open(sandbox: Sandbox) {
      return { call: caller(sandbox.fetch, 'http://sandbox.test'), close: async () => {} };
    },
  },
];
