import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxStream } from './export.js';

type Cell = string | number | null;

/** Rows as fast as a local database reads them, counting how many were taken. */
function fastRows(total: number) {
  const taken = { n: 0 };
  async function* rows(): AsyncGenerator<Cell[]> {
    for (; taken.n < total; taken.n++) yield [`Claim ${taken.n}`, taken.n * 1.5, 'North', '=1+1'];
  }
  return { taken, rows: rows() };
}

const settled = async (taken: { n: number }) => {
  for (let last = -1; last !== taken.n;) {
    last = taken.n;
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('XLSX export stream', () => {
  it('stops taking rows while nobody reads the download (rows never pile up before the compressor)', async () => {
    const { taken, rows } = fastRows(1_000_000);
    const out = xlsxStream('Claims', ['Title', 'Amount', 'Region', 'Note'], rows, () => undefined);
    await settled(taken);
    // A few MB of sheet XML at most wait in the pipeline; before, every row was taken and held uncompressed.
    expect(taken.n).toBeLessThan(100_000);
    expect(taken.n).toBeGreaterThan(0);
    out.destroy();
  });

  it('writes every row once read, formula-like cells escaped', async () => {
    const { rows } = fastRows(20_000);
    const chunks: Buffer[] = [];
    const out = xlsxStream('Claims', ['Title', 'Amount', 'Region', 'Note'], rows, () => undefined);
    await new Promise<void>((resolve, reject) =>
      out
        .pipe(
          new Writable({
            write(c: Buffer, _e, cb) {
              chunks.push(c);
              cb();
            },
          }),
        )
        .on('finish', resolve)
        .on('error', reject),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 'Claim 19999', 19999 * 1.5, 'North', "'=1+1"]);
  });
});
