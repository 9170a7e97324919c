import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { afterAll, describe, expect, it } from 'vitest';
import { READY_TIMEOUT_MS } from '../support/ready.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

/** The spec's reconnect schedule: up to 10 attempts, delay min(1000 × 2^n, 10000) ms. */
const reconnectDelays = Array.from({ length: 10 }, (_, n) => Math.min(1000 * 2 ** n, 10_000));

describe('the SignalR client survives a server restart', () => {
  let server: RunningServer | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-hub-restart-'));
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Two server starts (each allowed the readiness wait of a loaded machine) plus the reconnect schedule.
  const timeout = 2 * READY_TIMEOUT_MS + 30_000;
  it('reconnects by itself once the server is back', { timeout }, async () => {
    const port = String(await freePort());
    server = await startServer({ PORT: port, DATA_DIR: dataDir });
    const res = await fetch(`${server.url}/api/identity/Authentication/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JSON.stringify({ username: 'user', password: 'User-Pass-123' })),
    });
    const token = (await res.json()).data.token as string;
    const client = new HubConnectionBuilder()
      .withUrl(`${server.url}/TaskHub`, {
        accessTokenFactory: () => token,
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
      })
      .withAutomaticReconnect(reconnectDelays)
      .configureLogging(LogLevel.None)
      .build();
    let reconnecting = 0;
    let reconnected = 0;
    client.onreconnecting(() => reconnecting++);
    client.onreconnected(() => reconnected++);
    await client.start();
    await server.stop();
    await expect.poll(() => reconnecting, { timeout: 10_000 }).toBe(1);
    server = await startServer({ PORT: port, DATA_DIR: dataDir });
    await expect.poll(() => reconnected, { timeout: 20_000, interval: 200 }).toBe(1);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(await client.invoke<string>('GetConnectionId')).toBeTruthy();
    await client.stop();
  });
});
