import { startHandlerServer, type HandlerServer } from '../core/http/handler-server';
import { answerText, failure } from './envelope';
import { SandboxConnectionDropped } from './faults';
import { MAX_BODY_BYTES } from './request-input';
import type { Sandbox } from './sandbox';

/** Closing also destroys sockets held by a hang fault. */
export type SandboxServer = HandlerServer;

/** Serves a sandbox's handler over real HTTP (default 127.0.0.1, a free port). */
export function startSandboxServer(options: { sandbox: Sandbox; port?: number; host?: string }): Promise<SandboxServer> {
  return startHandlerServer({
    handle: (request) => options.sandbox.handle(request),
    host: options.host,
    port: options.port,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLarge: () => failure(413, 'The request body is too large.'),
    unreadable: () => failure(400, 'The request could not be read.'),
    isDropped: (error) => error instanceof SandboxConnectionDropped,
    // Malformed-JSON faults keep their exact text aside; it goes out as it is.
    answerText,
  });
}
