/**
 * A form that shows an image field fetches the file each time it opens, so auditing every fetch would bury the
 * real downloads. One entry per user, file and window is kept: the first fetch in the window is recorded, repeats
 * within it are not. Per node and bounded; a second node may record one more entry, never fewer.
 */
export const DOWNLOAD_WINDOW_MS = 10 * 60_000;
const MAX_KEYS = 20_000;

export class DownloadAuditWindow {
  private seen = new Map<string, number>();

  constructor(
    private readonly windowMs = DOWNLOAD_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this fetch should be audited (the first for this user and file in the window). */
  shouldRecord(tenantId: string, userId: string, fileKey: string): boolean {
    const key = `${tenantId}\u0000${userId}\u0000${fileKey}`;
    const t = this.now();
    const last = this.seen.get(key);
    if (last !== undefined && t - last < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, t);
    if (this.seen.size > MAX_KEYS) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }
}
