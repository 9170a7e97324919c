import { describe, expect, it } from 'vitest';
import { checkFile, fileList, fraction, inFlight, room, uploadsReducer, type UploadRow } from './uploads';
import { fitWithin, outputType, renamed } from './resize';
import { fileKind, formatBytes } from './format';

const run = (...actions: Parameters<typeof uploadsReducer>[1][]) =>
  actions.reduce<UploadRow[]>((rows, a) => uploadsReducer(rows, a), []);

describe('the uploads of a file widget', () => {
  it('goes from sending through progress to gone when finished', () => {
    const add = { type: 'add', id: 'a', fileName: 'a.pdf', size: 100, status: 'uploading' } as const;
    let rows = run(add, { type: 'progress', id: 'a', loaded: 40, total: 100 });
    expect(rows).toEqual([{ id: 'a', fileName: 'a.pdf', size: 100, status: 'uploading', loaded: 40, total: 100 }]);
    expect(fraction(rows[0]!)).toBe(0.4);
    expect(inFlight(rows)).toBe(1);
    rows = uploadsReducer(rows, { type: 'drop', id: 'a' });
    expect(rows).toEqual([]);
  });

  it('keeps the server message on failure, and a retry starts again from zero', () => {
    const rows = run(
      { type: 'add', id: 'a', fileName: 'a.pdf', size: 100, status: 'uploading' },
      { type: 'progress', id: 'a', loaded: 90, total: 100 },
      { type: 'fail', id: 'a', message: 'The file is too large (at most 1 MB).' },
    );
    expect(rows[0]).toMatchObject({
      status: 'failed',
      problem: { code: 'server', message: 'The file is too large (at most 1 MB).' },
    });
    expect(inFlight(rows)).toBe(0);
    const again = uploadsReducer(rows, { type: 'retry', id: 'a' });
    expect(again[0]).toMatchObject({ status: 'uploading', loaded: 0, problem: undefined });
  });

  it('ignores late progress of a failed upload and retries only failed ones', () => {
    const failed = run(
      { type: 'add', id: 'a', fileName: 'a.pdf', size: 100, status: 'uploading' },
      { type: 'fail', id: 'a', message: 'Network Error' },
      { type: 'progress', id: 'a', loaded: 100, total: 100 },
    );
    expect(failed[0]).toMatchObject({ status: 'failed', loaded: 0 });
    const refused = run({
      type: 'refuse',
      id: 'b',
      fileName: 'x.exe',
      size: 5,
      problem: { code: 'type', types: '.pdf' },
    });
    expect(uploadsReducer(refused, { type: 'retry', id: 'b' })[0]!.status).toBe('refused');
  });

  it('turns a prepared picture into an upload with its new size', () => {
    const rows = run(
      { type: 'add', id: 'a', fileName: 'p.png', size: 5000, status: 'preparing' },
      { type: 'sending', id: 'a', size: 1200 },
    );
    expect(rows[0]).toMatchObject({ status: 'uploading', size: 1200, total: 1200, loaded: 0 });
  });

  it('checks type and size against the field rules before sending', () => {
    const rules = { accept: ['.pdf', 'image/*'], maxBytes: 1000 };
    expect(checkFile(rules, { name: 'a.PDF', type: 'application/pdf', size: 10 })).toBeNull();
    expect(checkFile(rules, { name: 'photo', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkFile(rules, { name: 'run.exe', type: 'application/x-msdownload', size: 10 })).toEqual({
      code: 'type',
      types: '.pdf, image/*',
    });
    expect(checkFile(rules, { name: 'a.pdf', type: '', size: 1001 })).toEqual({ code: 'size', max: 1000 });
    expect(checkFile({ accept: [], maxBytes: null }, { name: 'x', type: '', size: 1e12 })).toBeNull();
  });

  it('counts the room left in a list, uploads on their way included', () => {
    expect(room(5, 2, 1, 4)).toBe(2);
    expect(room(5, 5, 0, 1)).toBe(0);
    expect(room(5, 0, 0, 3)).toBe(3);
  });

  it('reads one file, a list or nothing as a list', () => {
    const f = { key: 'k'.repeat(32), fileName: 'a.pdf', size: 1, contentType: 'application/pdf' };
    expect(fileList(f)).toEqual([f]);
    expect(fileList([f, 'junk', null])).toEqual([f]);
    expect(fileList(null)).toEqual([]);
  });
});

describe('pictures and sizes', () => {
  it('fits a picture within the bounds keeping its aspect ratio, never enlarging', () => {
    expect(fitWithin(4000, 3000, 1600, 1600)).toEqual({ width: 1600, height: 1200, scaled: true });
    expect(fitWithin(1000, 3000, 1600, 1200)).toEqual({ width: 400, height: 1200, scaled: true });
    expect(fitWithin(800, 600, 1600, 1600)).toEqual({ width: 800, height: 600, scaled: false });
  });

  it('stores the configured type, keeping JPEG, PNG and WebP as they came', () => {
    expect(outputType('image/png', 'original')).toBe('image/png');
    expect(outputType('image/gif', 'original')).toBe('image/png');
    expect(outputType('image/png', 'jpeg')).toBe('image/jpeg');
    expect(renamed('holiday.PNG', 'image/jpeg')).toBe('holiday.jpg');
    expect(renamed('.png', 'image/webp')).toBe('image.webp');
  });

  it('names the kind of a file by type, then by extension', () => {
    expect(fileKind('application/pdf', 'x')).toBe('pdf');
    expect(fileKind('image/png', 'x.png')).toBe('image');
    expect(fileKind('image/svg+xml', 'x.svg')).toBe('other');
    expect(fileKind('application/zip', 'sheet.xlsx')).toBe('sheet');
    expect(fileKind('application/octet-stream', 'notes.txt')).toBe('text');
  });

  it('writes sizes in the reader’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(12 * 1024 * 1024, 'en')).toBe('12 MB');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
  });
});
