// A child process's channel to the process that started it, whichever host started it: Electron's
// utilityProcess gives `process.parentPort`, Node's fork gives `process.send`. The SQL process
// (local-ledger/sql/sql-child.ts) and the ledger engine (local-ledger/engine/engine-main.ts) speak
// through it. Imports nothing: both entries' import closures are checked (test/architecture).

export interface ParentPort<Out> {
  post(message: Out): void;
  /** Each message as it arrived: the receiver checks its shape. */
  onMessage(listener: (message: unknown) => void): void;
}

export function parentPort<Out>(): ParentPort<Out> {
  const electron = (
    process as unknown as {
      parentPort?: {
        postMessage(message: unknown): void;
        on(event: 'message', listener: (event: { data: unknown }) => void): void;
      };
    }
  ).parentPort;
  if (electron) {
    return {
      post: (message) => electron.postMessage(message),
      onMessage: (listener) => electron.on('message', (event) => listener(event.data)),
    };
  }
  if (!process.send) throw new Error('This process runs as a child of main: it was started without a channel.');
  return {
    post: (message) => process.send?.(message),
    onMessage: (listener) => process.on('message', listener),
  };
}
