import type { CatalogueIndex } from './catalogue-index';
import type { FaultController } from './faults';
import type { EpochDay } from '../../shared/dates';
import type { StateStore } from './state-store';

/** What every route gets: the sandbox's parts, and the request with "now" fixed once. */
export interface SandboxParts {
  index: CatalogueIndex;
  store: StateStore;
  faults: FaultController;
}

export interface RouteRequest {
  request: Request;
  url: URL;
  /** Decoded path segments captured by the route pattern. */
  params: string[];
  now: Date;
  today: EpochDay;
}

export type RouteHandler = (parts: SandboxParts, request: RouteRequest) => Response | Promise<Response>;
