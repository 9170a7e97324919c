import type { Timing } from './mailing-api';

/**
 * The preset a stored cron expression came from (the server keeps only the expression): daily, weekly or monthly
 * at a time, else the expression itself, so an edited schedule shows the fields it was made with.
 */
export function timingOf(cron: string): Timing {
  const f = cron.trim().split(/\s+/);
  const at = (m: string, h: string) =>
    /^\d{1,2}$/.test(m) && /^\d{1,2}$/.test(h) && Number(h) < 24 && Number(m) < 60
      ? `${h.padStart(2, '0')}:${m.padStart(2, '0')}`
      : null;
  if (f.length === 5) {
    const [m, h, dom, mon, dow] = f as [string, string, string, string, string];
    const time = at(m, h);
    if (time && mon === '*') {
      if (dom === '*' && dow === '*') return { kind: 'daily', time };
      if (dom === '*' && /^[0-6]$/.test(dow)) return { kind: 'weekly', time, weekday: Number(dow) };
      if (dow === '*' && /^\d{1,2}$/.test(dom) && Number(dom) >= 1 && Number(dom) <= 28)
        return { kind: 'monthly', time, day: Number(dom) };
    }
  }
  return { kind: 'cron', cron: cron.trim() };
}
