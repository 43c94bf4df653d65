/** pino-roll ships no types: the part of its API the log file uses (its options go on to sonic-boom). */
declare module 'pino-roll' {
  import type { DestinationStream } from 'pino';
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: string | number;
    extension?: string;
    limit?: { count: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    sync?: boolean;
    mode?: number;
    symlink?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<DestinationStream & { flushSync(): void; end(): void }>;
}
