import { lagosDate } from '../../../shared/dates';
import { saidError } from '../../../shared/errors';
import type { PartnerTarget, PartnerTestReport } from '../../../shared/partner/connection-report';
import { fail, ok } from '../../../shared/result';
import { readConfigFileObject, textAtNextStart } from '../../core/config/config-file';
import { isTrainingMode } from '../../core/config/schema';
import { originOf } from '../../core/config/safe-destinations';
import { partnerKeyAccess } from '../../core/secrets';
import { createPartnerClient, partnerUserAgent, type PartnerClient } from '../../partner/client';
import { checkPartnerConnection } from '../../partner/connection-check';
import { createSandbox, SANDBOX_DEFAULT_API_KEY } from '../../sandbox';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

/** Each call of the test waits at most this long: five calls must not keep a supervisor a minute and more. */
const testTimeoutMs = 8_000;
const prefixPattern = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * Settings -> Test partner connection (supervisor): the partner as saved for the next start (the
 * one this till runs with until settings are saved), or the values typed in the form before saving
 * them, read through the same client a sale uses. The stored key is only ever sent to the partner
 * it was entered for (or, from POS_API_KEY, to the address this till runs with); another address
 * is tested with a key typed for it, so a mistyped URL never receives the real key.
 */
export function createPartnerConnectionHandlers(ctx: PosContext): Pick<Handlers, 'settings:test-partner'> {
  return {
    async 'settings:test-partner'({ partner, apiKey }) {
      const running: PartnerTarget = { baseUrl: ctx.config.partner.baseUrl, experiencePrefix: ctx.config.partner.experiencePrefix, hotelPrefix: ctx.config.partner.hotelPrefix };
      // Saved but not restarted yet: test what the next start will use, never the training sandbox it replaces.
      const wanted = partner ?? nextStartPartner(ctx, running);
      const problems = targetProblems(wanted);
      if (problems) return fail(saidError('VALIDATION', 'said.settings.partnerUntestable', undefined, problems));
      const target: PartnerTestReport['target'] = { ...wanted, training: wanted.baseUrl === '' };
      const today = lagosDate(ctx.clock());

      let client: PartnerClient;
      const clientWithKey = (apiKey: () => string | null) =>
        createPartnerClient({
          baseUrl: wanted.baseUrl,
          apiKey,
          experiencePrefix: wanted.experiencePrefix,
          hotelPrefix: wanted.hotelPrefix,
          slug: ctx.config.partner.slug,
          timeoutMs: testTimeoutMs,
          clock: ctx.clock,
          logger: ctx.logger,
          // The test must look like the till's own calls to a firewall in front of the partner.
          userAgent: partnerUserAgent(ctx.version),
        });
      if (target.training) {
        // The sandbox serves every layout; the one this till trains with, or a fresh one with nothing sold.
        client = isTrainingMode(ctx.config)
          ? ctx.partner.derive({ experiencePrefix: wanted.experiencePrefix, hotelPrefix: wanted.hotelPrefix, timeoutMs: testTimeoutMs })
          : createPartnerClient({ baseUrl: 'http://training.sandbox', apiKey: () => SANDBOX_DEFAULT_API_KEY, fetch: createSandbox({ clock: ctx.clock }).fetch, experiencePrefix: wanted.experiencePrefix, hotelPrefix: wanted.hotelPrefix, timeoutMs: testTimeoutMs, clock: ctx.clock });
      } else if (!apiKey && !isTrainingMode(ctx.config) && sameOrigin(wanted.baseUrl, running.baseUrl)) {
        client = ctx.partner.derive({ baseUrl: wanted.baseUrl, experiencePrefix: wanted.experiencePrefix, hotelPrefix: wanted.hotelPrefix, timeoutMs: testTimeoutMs });
      } else if (apiKey) {
        client = clientWithKey(() => apiKey);
      } else if (partnerKeyAccess(ctx.secrets, { origin: originOf(wanted.baseUrl) ?? '', urlGivenAtStart: false }).usable) {
        // The key a supervisor stored for this very partner (saved, the till not restarted yet).
        client = clientWithKey(() => ctx.secrets.getApiKey());
      } else {
        return ok(needsKey(target, ctx.clock()));
      }

      const report = await checkPartnerConnection({ target, client, clock: ctx.clock, today });
      ctx.logger.info('partner connection tested', {
        training: target.training,
        host: target.training ? 'sandbox' : new URL(target.baseUrl).host,
        ok: report.ok,
        calls: report.calls.map((call) => `${call.name}: ${call.outcome} ${call.status ?? '-'} ${call.ms} ms`),
      });
      return ok(report);
    },
  };
}

/** The partner settings config.json holds for the next start; a value fixed at start (environment, flag) wins. */
function nextStartPartner(ctx: PosContext, running: PartnerTarget): PartnerTarget {
  const file = readConfigFileObject(ctx.config.dataDir);
  const pick = (key: keyof PartnerTarget) => textAtNextStart(file, ctx.configSources, `partner.${key}`, running[key]);
  return { baseUrl: pick('baseUrl'), experiencePrefix: pick('experiencePrefix'), hotelPrefix: pick('hotelPrefix') };
}

/** https anywhere; http only to this computer (a local sandbox or a test partner). */
function targetProblems(target: PartnerTarget): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  if (target.baseUrl !== '') {
    let url: URL | null = null;
    try {
      url = new URL(target.baseUrl);
    } catch {
      problems['partner.baseUrl'] = ['must be an address like https://partner.example'];
    }
    if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
      problems['partner.baseUrl'] = ['must start with https:// (http:// only for this computer)'];
    }
    if (url && (url.username || url.password || url.search || url.hash)) problems['partner.baseUrl'] = ['must not carry a user, a query or a #'];
  }
  if (!prefixPattern.test(target.experiencePrefix)) problems['partner.experiencePrefix'] = ['must be a path like /v1 (leading slash, no trailing slash)'];
  if (!prefixPattern.test(target.hotelPrefix)) problems['partner.hotelPrefix'] = ['must be a path like /v2 (leading slash, no trailing slash)'];
  return Object.keys(problems).length > 0 ? problems : null;
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Another address than the one the key was stored for: nothing is sent until a key is typed for it. */
function needsKey(target: PartnerTestReport['target'], now: Date): PartnerTestReport {
  const why = 'Not tried: the stored API key is only sent to the partner it was entered for.';
  return {
    target,
    ok: false,
    summary: 'Type the API key for this address in "Partner API key" to test it; the stored key is only sent to the partner it was entered for. Nothing was sent.',
    calls: ['Experience list', 'Experience details', 'Show dates', 'Ticket categories', 'Hotel list'].map((name) => ({ name, method: 'GET' as const, path: null, status: null, ms: 0, outcome: 'skipped' as const, detail: why })),
    findings: [{ setting: 'apiKey', message: `Type the key the partner gave for ${new URL(target.baseUrl).host} in "Partner API key" (it is not saved by testing), then test again.` }],
    nothingBought: true,
    testedAt: now.toISOString(),
  };
}
