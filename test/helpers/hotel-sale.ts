import type { PreviewHost } from './preview-host';

/** A hotel room sold for cash at the counter (the sandbox's first room that can be booked): the sale as the till answered. */
export async function sellHotelRoom(till: PreviewHost, saleId = `ROOM-${Date.now()}`): Promise<{ id: string; state: string }> {
  const { hotels } = answered(await till.rpc('hotels:list', { availableRoomsOnly: true, perPage: 20 }));
  for (const hotel of hotels) {
    const { rooms } = answered(await till.rpc('hotels:rooms', { hotelId: hotel.id, perPage: 50 }));
    const room = rooms.find((r: any) => r.isAvailable && r.roomsLeft > 0);
    if (!room) continue;
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return answered(
      await till.rpc('sale:submit', {
        saleId,
        kind: 'hotel',
        hotel: { hotelId: hotel.id, roomId: room.id, checkIn: day(1), checkOut: day(3), guests: 1, rooms: 1 },
        customer: { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '0803 123 4567', dob: '1990-04-12' },
        tender: { kind: 'cash', tenderedKobo: 100_000_000 },
      }),
    );
  }
  throw new Error('no hotel room could be booked in the sandbox');
}

function answered({ json: result }: { json: any }) {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}
