import { startHandlerServer, type HandlerServer } from '../../core/http/handler-server';
import { AnswerLost, MAX_BODY_BYTES, refusal } from './envelope';

export type TerminalServer = HandlerServer;

/** Serves a fetch-style handler (the terminal simulator's) over real HTTP, by default on 127.0.0.1 and a free port. */
export function startTerminalServer(options: { handle: (request: Request) => Promise<Response>; port?: number; host?: string }): Promise<TerminalServer> {
  return startHandlerServer({
    handle: options.handle,
    host: options.host,
    port: options.port,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLarge: () => refusal(413, 'Request body too large'),
    unreadable: () => refusal(400, 'The request could not be read'),
    isDropped: (error) => error instanceof AnswerLost,
  });
}
