import type { PartnerFinding, PartnerTestReport } from '../../shared/partner/connection-report';
import type { PartnerClient, PartnerClientOverrides } from './client';
import type { SeenRequest } from './connection-check';
import type { PartnerError } from './partner-error';

export interface FailedCall {
  name: string;
  /** Which prefix the call's path used. */
  group: 'experience' | 'hotel';
  error: PartnerError;
  requests: SeenRequest[];
}

interface AdviceContext {
  target: PartnerTestReport['target'];
  client: PartnerClient;
  derive(overrides: PartnerClientOverrides): PartnerClient;
}

/** The settings as the form labels them, so a finding names exactly what to change. */
const label = {
  'partner.baseUrl': '"Partner API URL"',
  'partner.experiencePrefix': '"Experience path prefix"',
  'partner.hotelPrefix': '"Hotel path prefix"',
  apiKey: '"Partner API key"',
} as const;

const candidates = { experience: ['/v1', '/api/v1'], hotel: ['/v2', '/api/v2'] } as const;
const keyMissingWords = /api[\s_-]*key\s+is\s+missing|missing\s+api[\s_-]*key|no\s+api[\s_-]*key/i;

/**
 * Reads the failed calls of a connection test and says what to change, most likely first. Where a
 * path looks wrong it tries the other known layouts (reads only) and names the prefix that works.
 */
export async function adviseOn(failures: FailedCall[], context: AdviceContext): Promise<PartnerFinding[]> {
  const findings: PartnerFinding[] = [];
  const add = (finding: PartnerFinding) => {
    if (!findings.some((known) => known.message === finding.message)) findings.push(finding);
  };
  const { target } = context;
  const host = hostOf(target.baseUrl);

  for (const failure of failures) {
    const { error } = failure;
    const last = failure.requests.at(-1);
    if (error.kind === 'not-sent') {
      if (error.cause === 'no-api-key') add({ setting: 'apiKey', message: `No API key is stored for this partner: enter the key it gave you in ${label.apiKey} and save it.` });
      else if (error.cause === 'configuration') add({ setting: 'partner.baseUrl', message: `${label['partner.baseUrl']} cannot be used as it is: write it as https://<host> (no path after the host for the live service).` });
      else add({ setting: 'partner.baseUrl', message: `Could not connect to ${host}${error.cause ? ` (${error.cause})` : ''}. Check ${label['partner.baseUrl']} for typing mistakes, and that this computer is online.` });
      continue;
    }
    if (error.kind === 'no-answer') {
      add({ setting: 'network', message: `${host} took the request but did not answer (${error.cause ?? 'no answer'}). Check the network; if the address is right, the partner may be down: try again in a few minutes.` });
      continue;
    }
    if (last?.status !== null && last?.status !== undefined && last.status >= 300 && last.status < 400) {
      const to = last.location ? originOf(last.location) : null;
      add({ setting: 'partner.baseUrl', message: `The partner redirects the till (HTTP ${last.status})${to ? ` to ${to}` : ''}. Set ${label['partner.baseUrl']} to ${to ?? 'the address it redirects to (https)'}.` });
      continue;
    }
    if (last?.contentType?.includes('text/html') && error.status !== undefined && error.status < 500) {
      add({ setting: 'partner.baseUrl', message: `${host} answered with a web page, not the partner API (HTTP ${last.status}). ${label['partner.baseUrl']} points at a website: use the API's own address.` });
      continue;
    }
    if (error.status === 401 || error.status === 403) {
      if (keyMissingWords.test(error.message)) {
        // The till always sends X-API-KEY: "missing" means the request reached a door that does not read it.
        add(await pathFinding(failure.group, context, `The partner said the API key is missing, although the till sent it in the X-API-KEY header: the live service says this when the path is wrong (its base has no /api).`));
      } else {
        add({ setting: 'apiKey', message: `The partner refused the API key (HTTP ${error.status}: ${error.message}). Enter the key for this partner in ${label.apiKey}: staging and live keys are different.` });
      }
      continue;
    }
    if (error.status === 400 && error.fields && Object.keys(error.fields).some((field) => /transaction.?medium/i.test(field))) {
      add({ setting: null, message: 'The partner refused the header TransactionMedium: POS. This till cannot send another value; ask the partner to allow POS for this key.' });
      continue;
    }
    if (error.status === 404 && failure.name.endsWith('list')) {
      add(await pathFinding(failure.group, context, `${failure.name} answered 404 (no such path).`));
      continue;
    }
    if (error.status === 429 || (error.status !== undefined && error.status >= 500) || error.kind === 'unavailable') {
      add({ setting: null, message: `The partner is having trouble (HTTP ${error.status ?? '?'}): this is not a setting of this till. Try again in a few minutes.` });
      continue;
    }
    if (error.kind === 'malformed') {
      add({ setting: 'partner.baseUrl', message: `${failure.name}: the answer is not what the partner API sends (${error.message}). Check that ${label['partner.baseUrl']} is the API's address.` });
      continue;
    }
    add({ setting: null, message: `${failure.name} was refused (HTTP ${error.status ?? '?'}: ${error.message}).` });
  }
  return findings;
}

/**
 * A path problem in one group of endpoints: which prefix works instead, if one of the known
 * layouts does, else the base URL.
 */
async function pathFinding(group: FailedCall['group'], context: AdviceContext, what: string): Promise<PartnerFinding> {
  const { target } = context;
  const setting = group === 'experience' ? 'partner.experiencePrefix' : 'partner.hotelPrefix';
  const current = group === 'experience' ? target.experiencePrefix : target.hotelPrefix;
  for (const prefix of candidates[group]) {
    if (prefix === current) continue;
    const probe = context.derive({ retry: { attempts: 1, baseDelayMs: 0 }, ...(group === 'experience' ? { experiencePrefix: prefix } : { hotelPrefix: prefix }) });
    const answer = group === 'experience' ? await probe.listExperiences({ perPage: 1 }) : await probe.listHotels({ perPage: 1 });
    if (answer.ok) return { setting, message: `${what} The same call works with the prefix ${prefix}: set ${label[setting]} to ${prefix}${prefix === '/v1' || prefix === '/v2' ? ' (the "Live layout" preset sets both)' : ''}.` };
  }
  const base = baseWithoutApi(target.baseUrl);
  if (base) {
    const probe = context.derive({ retry: { attempts: 1, baseDelayMs: 0 }, baseUrl: base });
    const answer = group === 'experience' ? await probe.listExperiences({ perPage: 1 }) : await probe.listHotels({ perPage: 1 });
    if (answer.ok) return { setting: 'partner.baseUrl', message: `${what} It works without /api at the end of the address: set ${label['partner.baseUrl']} to ${base}.` };
  }
  return {
    setting,
    message: `${what} No known layout answers here either. Check ${label['partner.baseUrl']} and ${label[setting]}: the live service is https://<host> with /v1 for experiences and /v2 for hotels.`,
  };
}

function baseWithoutApi(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    if (!/\/api\/?$/.test(url.pathname)) return null;
    url.pathname = url.pathname.replace(/\/api\/?$/, '');
    return url.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'the partner';
  }
}

function originOf(location: string): string | null {
  try {
    return new URL(location).origin;
  } catch {
    return null;
  }
}
