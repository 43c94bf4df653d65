/**
 * QR code commands for STAR line mode. node-thermal-printer 4.6.1's STAR `printQR` leaves out the
 * "set data" command (ESC GS y D 1 m nL nH) before the payload, so a real STAR printer prints the
 * length bytes and the reference as text instead of a code (see Klemen1337/node-thermal-printer
 * PR #200, never merged). This is the sequence from the STAR line mode specification.
 */
const ESC = 0x1b;
const GS = 0x1d;

export function starQrCommands(payload: string, settings: { cellSize: number } = { cellSize: 6 }): Buffer {
  const data = Buffer.from(payload, 'ascii');
  return Buffer.concat([
    Buffer.from([ESC, GS, 0x79, 0x53, 0x30, 0x02]), // model 2
    Buffer.from([ESC, GS, 0x79, 0x53, 0x31, 0x01]), // error correction M (15 %)
    Buffer.from([ESC, GS, 0x79, 0x53, 0x32, settings.cellSize]),
    Buffer.from([ESC, GS, 0x79, 0x44, 0x31, 0x00, data.length % 256, Math.floor(data.length / 256)]),
    data,
    Buffer.from([ESC, GS, 0x79, 0x50]), // print the stored symbol
  ]);
}
