/**
 * A till's calls out, in a process of their own: the partner client and the Paystack adapter each
 * read and send once against the URLs given, then the process says which of Node's lazily built
 * parts it loaded. Started fresh by outside-calls-undici.test.ts, as a till starts.
 *
 *   bundled by the test, then: node outside-calls-child.cjs '<json: { partnerUrl, paystackUrl, paystackKey }>'
 */
import { createPartnerClient } from '../../electron/partner/client';
import { createPaystackHttp } from '../../electron/payments/paystack/paystack-http';

async function main() {
  const { partnerUrl, paystackUrl, paystackKey } = JSON.parse(process.argv[2] ?? '{}') as { partnerUrl: string; paystackUrl: string; paystackKey: string };
  const partner = createPartnerClient({ baseUrl: partnerUrl, apiKey: () => 'lobby-sandbox-key', timeoutMs: 2_000, retry: { attempts: 1, baseDelayMs: 0 } });
  const paystack = createPaystackHttp({ baseUrl: paystackUrl, secretKey: () => paystackKey, timeoutMs: 2_000 });
  const answers = [
    await partner.listHotels({ perPage: 5 }),
    await partner.bookHotel({ room_id: 1, number_of_guests: 1, number_of_rooms: 1, checkin_date: '2027-01-10', checkout_date: '2027-01-11', customer_info: { name: 'Ada Obi', email: 'ada@example.ng', phone_number: '+2348031234567', dob: '1990-04-12' }, merchant_reference: 'OUT-1' }),
    await paystack.call('GET', '/paymentrequest', { query: { perPage: 5 } }),
    await paystack.call('POST', '/paymentrequest', { body: { amount: 500 } }),
  ];
  // Node's list of the built-in modules it has loaded (not in @types/node).
  const loaded = (process as NodeJS.Process & { moduleLoadList: string[] }).moduleLoadList;
  const undici = loaded.filter((name) => name.includes('undici'));
  // Exits at once: the kept-alive connections would hold the process for their idle time.
  process.stdout.write(`${JSON.stringify({ answered: answers.map((a) => a.ok), undici })}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
