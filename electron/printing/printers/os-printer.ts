import { spawn } from 'node:child_process';
import { posError } from '../../../shared/errors';
import { seconds } from './deadline';
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
  const unsupportedText = `Printing to a printer by name (printer:${name}) needs CUPS, which Windows does not have. Set the printer as tcp://address:9100 or file: instead.`;

  const print = (bytes: Uint8Array, deadlineMs: number): Promise<PrintResult> =>
    lane(async () => {
      if (unsupported) return { ok: false, error: posError('PRINTER_OFFLINE', unsupportedText), printerState: 'offline', mayHavePrinted: false };
      const outcome = await run(lp, ['-d', name, '-o', 'raw'], bytes, deadlineMs);
      if (outcome.kind === 'exited' && outcome.code === 0) {
        const job = /request id is (\S+)/.exec(outcome.stdout)?.[1];
        return { ok: true, value: { bytes: bytes.length, location: job ? `CUPS job ${job}` : `printer ${name}`, statusAfter: null } };
      }
      if (outcome.kind === 'missing') {
        return {
          ok: false,
          error: posError('PRINTER_OFFLINE', `Printing to printer:${name} needs CUPS (the \`${lp}\` command), which is not installed here. Install CUPS or set the printer as tcp://address:9100.`),
          printerState: 'offline',
          mayHavePrinted: false,
        };
      }
      if (outcome.kind === 'deadline') {
        return {
          ok: false,
          error: posError('PRINTER_OFFLINE', `The print system did not take the receipt within ${seconds(deadlineMs)}. Check printer ${name}; the receipt may still print.`),
          printerState: 'unknown',
          mayHavePrinted: outcome.inputTaken,
        };
      }
      return {
        ok: false,
        error: posError('PRINTER_OFFLINE', `Printer ${name} did not take the receipt: ${firstLine(outcome.stderr) || `${lp} failed`}. Check the printer name in the settings.`),
        printerState: 'offline',
        mayHavePrinted: false,
      };
    });

  const status = (deadlineMs: number): Promise<PrinterStatus> =>
    lane(async () => {
      if (unsupported) return { state: 'offline', detail: unsupportedText };
      const outcome = await run(lpstat, ['-p', name], new Uint8Array(), deadlineMs);
      if (outcome.kind === 'missing') return { state: 'unknown', detail: `Cannot ask CUPS about printer ${name}: \`${lpstat}\` is not installed.` };
      if (outcome.kind === 'deadline') return { state: 'unknown', detail: `CUPS did not say how printer ${name} is within ${seconds(deadlineMs)}.` };
      if (outcome.kind !== 'exited' || outcome.code !== 0) return { state: 'offline', detail: `CUPS does not know printer ${name}: ${firstLine(outcome.stderr) || 'no such printer'}.` };
      if (/\bdisabled\b/i.test(outcome.stdout)) return { state: 'offline', detail: `Printer ${name} is paused in CUPS: ${firstLine(outcome.stdout)}` };
      return { state: 'ready', detail: `Printer ${name} accepts jobs (CUPS cannot tell whether it has paper).` };
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
