/**
 * Runs tasks one after another. Receipt printers serve one connection at a time: a status check
 * during a print would queue behind it in the printer and time out, so each printer has a lane.
 */
export function createSerialLane() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
