import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayPage, type FailingGateway } from '../helpers/failing-gateway';
import { openGatewayTill, type GatewayTill } from '../helpers/gateway-till';
import { value, type Till } from '../helpers/sales-fixture';

/**
 * The hotel list shows each hotel's lowest nightly price, read from the partner's hotels-with-rooms
 * listing asked beside the list; without it (the route missing, an unreadable answer) the same
 * hotels show, without prices. Real sandbox over HTTP, behind a gateway that can break one route.
 */
let rig: GatewayTill;
let gateway: FailingGateway;
let till: Till;

beforeAll(async () => {
  rig = await openGatewayTill();
  ({ gateway, till } = rig);
});
afterAll(() => rig.close());
beforeEach(() => {
  rig.reset();
  gateway.requests.length = 0;
});

describe('hotel list prices', () => {
  it('each hotel shows the lowest nightly price of the rooms it can book', async () => {
    const page = value(await till.pos.api['hotels:list']({ city: 'Lagos', perPage: 10 }));
    expect(page.hotels.length).toBeGreaterThan(2);
    for (const hotel of page.hotels.slice(0, 4)) {
      const rooms = value(await till.pos.api['hotels:rooms']({ hotelId: hotel.id, perPage: 100 })).rooms.filter((room) => room.isAvailable && room.roomsLeft > 0);
      expect(hotel.priceFromKobo, hotel.name).toBe(Math.min(...rooms.map((room) => room.priceKobo)));
    }
  });

  it('an unreadable answer leaves the prices out, not the hotels', async () => {
    const priced = value(await till.pos.api['hotels:list']({ city: 'Abuja', perPage: 10 }));
    gateway.blocked.push({ path: /\/hotels\/packages/, failure: { kind: 'status', status: 200, body: '{"success":true,"status":200,"data":{"hotels":"soon"}}' } });
    const unpriced = value(await till.pos.api['hotels:list']({ city: 'Abuja', perPage: 10 }));
    expect(unpriced.hotels.map((hotel) => hotel.id)).toEqual(priced.hotels.map((hotel) => hotel.id));
    expect(unpriced.hotels.every((hotel) => hotel.priceFromKobo === null)).toBe(true);
    expect(priced.hotels.every((hotel) => hotel.priceFromKobo !== null)).toBe(true);
  });

  it('a partner without the route is asked once, and its hotels still list', async () => {
    // A till of its own: this one learns the route is missing and stops asking, which the cases
    // above must not inherit whatever order they run in.
    const own = await openGatewayTill();
    try {
      own.gateway.blocked.push({ path: /\/hotels\/packages/, failure: gatewayPage(404, 'Not Found') });
      const first = value(await own.till.pos.api['hotels:list']({ city: 'Lagos', perPage: 10 }));
      const again = value(await own.till.pos.api['hotels:list']({ city: 'Lagos', perPage: 10, page: 2 }));
      expect(first.hotels.length).toBeGreaterThan(0);
      expect(again.hotels.length).toBeGreaterThan(0);
      expect([...first.hotels, ...again.hotels].every((hotel) => hotel.priceFromKobo === null)).toBe(true);
      expect(own.gateway.requests.filter((request) => request.path.includes('/hotels/packages')).length).toBe(1);
    } finally {
      await own.close();
    }
  });
});
