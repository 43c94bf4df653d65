import { spawn } from 'node:child_process';
import { saidError } from '../../../shared/errors';
import { waitOf } from './deadline';
import { statusSaying } from './printer-said';
import type { Printer, PrinterStatus, PrintResult } from './printer';
import { createSerialQueue } from '../../../shared/serial';

export interface OsPrinterOptions {
  /** The queue name as CUPS knows it (`lpstat -p` lists them). */
  name: string;
  /** The CUPS commands; replaceable so a machine with CUPS elsewhere (or a test) can point at them. */
  lpCommand?: string;
  lpstatCommand?: string;
  platform?: NodeJS.Platform;
}

interface CommandOutcome {
  kind: 'exited' | 'missing' | 'deadline' | 'failed';
  code: number | null;
  stdout: string;
  stderr: string;
  /** The command read all of our input before the end. */
  inputTaken: boolean;
}

/**
 * An operating-system printer through CUPS: `lp -d NAME -o raw` passes our ESC/POS bytes through
 * untouched. Linux and macOS only; on Windows the setting is reported as unusable (use tcp:// or
 * file: there). CUPS only knows whether its queue accepts jobs, not whether the paper ran out.
 */
export function createOsPrinter(options: OsPrinterOptions): Printer {
  const { name } = options;
  const lp = options.lpCommand ?? 'lp';
  const lpstat = options.lpstatCommand ?? 'lpstat';
  const platform = options.platform ?? process.platform;
  // Receipt printers serve one connection at a time: a status check during a print would queue
  // behind it in the printer and time out.
  const lane = createSerialQueue();
  const unsupported = platform === 'win32';
  const unsupportedStatus = statusSaying('offline', 'said.printer.osUnsupported', { name });

  const print = (bytes: Uint8Array, deadlineMs: number): Promise<PrintResult> =>
    lane(async () => {
      if (unsupported) return { ok: false, error: saidError('PRINTER_OFFLINE', 'said.printer.osUnsupported', { name }), printerState: 'offline', mayHavePrinted: false };
      const outcome = await run(lp, ['-d', name, '-o', 'raw'], bytes, deadlineMs);
      if (outcome.kind === 'exited' && outcome.code === 0) {
        const job = /request id is (\S+)/.exec(outcome.stdout)?.[1];
        return { ok: true, value: { bytes: bytes.length, location: job ? `CUPS job ${job}` : `printer ${name}`, statusAfter: null } };
      }
      if (outcome.kind === 'missing') {
        return {
          ok: false,
          error: saidError('PRINTER_OFFLINE', 'said.print.osNoCups', { name, command: lp }),
          printerState: 'offline',
          mayHavePrinted: false,
        };
      }
      if (outcome.kind === 'deadline') {
        return {
          ok: false,
          error: saidError('PRINTER_OFFLINE', 'said.print.osSlow', { name, wait: waitOf(deadlineMs) }),
          printerState: 'unknown',
          mayHavePrinted: outcome.inputTaken,
        };
      }
      return {
        ok: false,
        error: saidError('PRINTER_OFFLINE', 'said.print.osRefused', { name, detail: firstLine(outcome.stderr) || `${lp} failed` }),
        printerState: 'offline',
        mayHavePrinted: false,
      };
    });

  const status = (deadlineMs: number): Promise<PrinterStatus> =>
    lane(async () => {
      if (unsupported) return unsupportedStatus;
      const outcome = await run(lpstat, ['-p', name], new Uint8Array(), deadlineMs);
      if (outcome.kind === 'missing') return statusSaying('unknown', 'said.printer.osNoStatusCommand', { name, command: lpstat });
      if (outcome.kind === 'deadline') return statusSaying('unknown', 'said.printer.osSlow', { name, wait: waitOf(deadlineMs) });
      if (outcome.kind !== 'exited' || outcome.code !== 0) return statusSaying('offline', 'said.printer.osUnknown', { name, detail: firstLine(outcome.stderr) || 'no such printer' });
      if (/\bdisabled\b/i.test(outcome.stdout)) return statusSaying('offline', 'said.printer.osPaused', { name, detail: firstLine(outcome.stdout) });
      return statusSaying('ready', 'said.printer.osReady', { name });
    });

  return {
    description: `printer ${name}`,
    print: (document, { deadlineMs }) => print(document.bytes, deadlineMs),
    status: ({ deadlineMs }) => status(deadlineMs),
  };
}

/** Runs a command with `input` on stdin; killed at the deadline. Never rejects. */
function run(command: string, args: string[], input: Uint8Array, deadlineMs: number): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let inputTaken = false;
    let settled = false;
    const finish = (kind: CommandOutcome['kind'], code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ kind, code, stdout, stderr, inputTaken });
    };
    // English output whatever the machine's language: we read "request id is" and "disabled".
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish('deadline', null);
    }, deadlineMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ENOENT' ? 'missing' : 'failed', null));
    child.on('close', (code) => finish('exited', code));
    child.stdin.on('error', () => undefined); // a command that exits early closes its stdin; the exit code tells
    child.stdin.end(input, () => {
      inputTaken = true;
    });
  });
}

const firstLine = (text: string): string => text.trim().split('\n')[0]?.trim() ?? '';
