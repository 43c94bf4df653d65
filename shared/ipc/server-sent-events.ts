/**
 * The preview host's events to the browser preview, in one home for both ends: an event is an
 * `event:` line and a `data:` line (one line of JSON, which never holds a line break), then a blank line.
 */
export const serverSentEvent = (event: string, data: string): string => `event: ${event}\ndata: ${data}\n\n`;

/** Reads server-sent events until the stream ends: the browser preview's bridge and the tests. */
export async function readServerSentEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, data);
    }
  }
}
