import { failure, reject, success } from './envelope';
import { faultsPatchSchema, type FaultController } from './faults';
import type { SandboxTransaction } from './records';
import { parseBody, readJsonBody } from './request-input';

/**
 * /__sandbox/*: test and demo controls. No API key and no faults apply here, so a test can
 * always reach them; they exist only in the sandbox, never on the real partner.
 */
export interface AdminTarget {
  faults: Pick<FaultController, 'set' | 'get'>;
  reset(): void;
  transactions(): SandboxTransaction[];
}

export async function answerAdmin(target: AdminTarget, request: Request, path: string): Promise<Response> {
  const route = `${request.method} ${path}`;
  switch (route) {
    case 'POST /__sandbox/faults':
      target.faults.set(parseBody(faultsPatchSchema, await readJsonBody(request)));
      return success(200, 'Faults updated', target.faults.get());
    case 'GET /__sandbox/faults':
      return success(200, 'Current faults', target.faults.get());
    case 'POST /__sandbox/reset':
      target.reset();
      return success(200, 'Sandbox reset to its seed state', null);
    case 'GET /__sandbox/transactions':
      return success(200, 'Transactions', target.transactions());
  }
  const known = ['/__sandbox/faults', '/__sandbox/reset', '/__sandbox/transactions'];
  if (known.includes(path)) return failure(405, 'Method not allowed.');
  throw reject(404, 'Route not found.');
}
