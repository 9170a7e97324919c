/**
 * How long a test waits for a server process to answer its health check. Generous on purpose: a quiet machine
 * starts the server in a few seconds, but with two cores shared by several suites (load average above 20) a start
 * was measured at 72 s, most of it tsx loading the modules. A healthy start returns as soon as /readyz answers.
 */
export const READY_TIMEOUT_MS = 120_000;

export interface ReadyWait {
  timeoutMs?: number;
  /** Set when the process has exited: waiting longer cannot help. */
  exited?: () => boolean;
  /** What the process printed, for the error message. */
  output?: () => string;
}

/**
 * Waits until `GET <url>/readyz` answers 200 (the server listens and its database answers). Each probe is bounded,
 * so a server that accepts the connection but hangs does not stall the wait past its deadline.
 */
export async function waitForReady(url: string, opts: ReadyWait = {}): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS;
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last = 'no answer';
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    if (opts.exited?.()) throw new Error(`server exited early:\n${opts.output?.() ?? ''}`);
    try {
      const res = await fetch(`${url}/readyz`, {
        signal: AbortSignal.timeout(Math.max(1, Math.min(5000, deadline - Date.now()))),
      });
      if (res.ok) return;
      last = `readyz answered ${res.status}`;
    } catch (err) {
      last = (err as Error).message; // not listening yet
    }
    if (Date.now() + delay > deadline)
      throw new Error(
        `server did not become ready within ${Math.round((Date.now() - started) / 1000)} s (${last}):\n${opts.output?.() ?? ''}`,
      );
    await new Promise((r) => setTimeout(r, delay));
  }
}
