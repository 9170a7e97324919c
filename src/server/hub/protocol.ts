/**
 * The SignalR JSON hub protocol, as far as the task hub needs it: records end with the 0x1e separator;
 * the first record is the handshake; then typed messages (1 invocation, 3 completion, 6 ping, 7 close).
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface HubInvocation {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

export type HubMessage =
  | HubInvocation
  | { type: 3; invocationId: string; result?: unknown; error?: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean }
  | { type: 2 | 4 | 5; invocationId?: string };

export function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frame({ type: MessageType.Ping });

/** Splits a text payload into complete records; returns the parsed records and any unfinished tail. */
export function parseRecords(buffer: string): { records: unknown[]; rest: string } {
  const parts = buffer.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  const records: unknown[] = [];
  for (const p of parts) {
    if (!p) continue;
    records.push(JSON.parse(p));
  }
  return { records, rest };
}

export function isHandshake(r: unknown): r is { protocol: string; version: number } {
  return typeof r === 'object' && r !== null && 'protocol' in r;
}
