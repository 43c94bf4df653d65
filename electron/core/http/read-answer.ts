import type { AnswerHeaders } from './answer-headers';

export interface ReadAnswerInit {
  status: number;
  statusText: string;
  headers: AnswerHeaders;
  /** The address asked (fetch's `response.url`). */
  url: string;
  /** A 204, 205 or 304, or the answer to a HEAD: `body` is null, as fetch's is. */
  noBody?: boolean;
}

/**
 * An answer from `http-fetch`, read whole, with the shape of fetch's `Response`. Its bytes stay in
 * the Buffer they arrived in: `text()`, `json()`, `arrayBuffer()` and `bytes()` read them directly,
 * and `body` is a stream over them made only when asked for (a Response copies them into a stream
 * first: on a 262 KB hotel page a copy and ~0.1 ms for a body the client only reads as text). Like
 * fetch's answer, it is read once.
 *
 * Not a subclass of undici's `Response`: Node builds undici the first time anything touches
 * `Response`, `Request` or `Headers`, 35-45 ms of CPU here, which each till paid on its first
 * outside call after a start, and each life of the kill tests again.
 */
export class ReadAnswer implements Response {
  readonly status: number;
  readonly statusText: string;
  readonly headers: AnswerHeaders;
  readonly url: string;
  readonly type = 'basic' as const;
  readonly redirected = false;
  readonly #bytes: Buffer;
  readonly #noBody: boolean;
  #used = false;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;

  constructor(bytes: Buffer, init: ReadAnswerInit) {
    // What fetch's Response refuses to stand for (a gateway's status 999) is refused here too.
    if (!Number.isInteger(init.status) || init.status < 200 || init.status > 599) throw new RangeError(`The status ${init.status} is not an HTTP answer fetch can stand for.`);
    this.#bytes = bytes;
    this.#noBody = init.noBody ?? false;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#noBody) return null;
    this.#stream ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: (controller) => {
        this.#used = true;
        controller.enqueue(new Uint8Array(this.#bytes));
        controller.close();
      },
    });
    return this.#stream;
  }

  // A second read throws inside the executor, which makes it the promise's rejection, as fetch's is.
  text(): Promise<string> {
    return new Promise((resolve) => resolve(utf8Text(this.#take())));
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes().then((bytes) => bytes.buffer);
  }

  /** A copy: the caller may keep or change it, and the Buffer may share its memory with others. */
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve) => resolve(new Uint8Array(this.#take())));
  }

  blob(): Promise<Blob> {
    return this.bytes().then((bytes) => new Blob([bytes], { type: this.headers.get('content-type') ?? '' }));
  }

  formData(): Promise<FormData> {
    return Promise.reject(new TypeError('The till reads answers as text, never as form data.'));
  }

  clone(): ReadAnswer {
    if (this.#used || this.#stream?.locked) throw new TypeError('Response.clone: Body has already been consumed.');
    return new ReadAnswer(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers, url: this.url, noBody: this.#noBody });
  }

  #take(): Buffer {
    if (this.#used || this.#stream?.locked) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }
}

/**
 * What fetch's `text()` makes of the bytes (the Encoding standard's "UTF-8 decode"): a leading
 * byte-order mark is dropped, as some Windows gateways put one before the JSON, and bytes that are
 * not UTF-8 become U+FFFD. Buffer's own decoding keeps the mark, and JSON.parse refuses it.
 */
function utf8Text(bytes: Buffer): string {
  const marked = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', marked ? 3 : 0);
}
