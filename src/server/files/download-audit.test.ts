import { describe, expect, it } from 'vitest';
import { DownloadAuditWindow } from './download-audit.js';

describe('download audit window', () => {
  it('records the first fetch per user and file in the window, and again after it', () => {
    let now = 0;
    const w = new DownloadAuditWindow(1_000, () => now);
    expect(w.shouldRecord('t1', 'u1', 'k1')).toBe(true);
    expect(w.shouldRecord('t1', 'u1', 'k1')).toBe(false);
    expect(w.shouldRecord('t1', 'u2', 'k1')).toBe(true);
    expect(w.shouldRecord('t2', 'u1', 'k1')).toBe(true);
    expect(w.shouldRecord('t1', 'u1', 'k2')).toBe(true);
    now = 999;
    expect(w.shouldRecord('t1', 'u1', 'k1')).toBe(false);
    now = 1_000;
    expect(w.shouldRecord('t1', 'u1', 'k1')).toBe(true);
  });
});
