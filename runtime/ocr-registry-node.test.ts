import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOcrRegistry, imageInfo } from './ocr-registry-node';

const scan = fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/ocr/invoice-1.png'));

describe('OCR provider registry', () => {
  it('finds every plugin folder, each with its manifest and server', async () => {
    const { manifests, servers } = await buildOcrRegistry();
    expect(Object.keys(manifests).sort()).toEqual(['google-document-ai', 'tesseract']);
    for (const [id, m] of Object.entries(manifests)) {
      expect(m).toMatchObject({ kind: 'ocr', id });
      expect(servers[id]!.manifest).toBe(m);
    }
    expect(Object.values(manifests).filter((m) => m.singleSelect)).toHaveLength(1);
  });
});

describe('imageInfo', () => {
  it('reads the size from the header of each accepted type', () => {
    expect(imageInfo(scan)).toEqual({ type: 'image/png', width: 2481, height: 3509 });
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x00, 0xc8, 0x03, 0, 0,
      0,
    ]);
    expect(imageInfo(jpeg)).toEqual({ type: 'image/jpeg', width: 200, height: 300 });
    const tiff = Buffer.alloc(40);
    tiff.write('II*\0', 0, 'latin1');
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(2, 8);
    [
      [256, 640],
      [257, 480],
    ].forEach(([tag, value], i) => {
      tiff.writeUInt16LE(tag!, 10 + i * 12);
      tiff.writeUInt16LE(3, 12 + i * 12);
      tiff.writeUInt16LE(value!, 18 + i * 12);
    });
    expect(imageInfo(tiff)).toEqual({ type: 'image/tiff', width: 640, height: 480 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(imageInfo(webp)).toEqual({ type: 'image/webp', width: 100, height: 50 });
  });

  it('answers undefined for anything else, truncated headers included', () => {
    expect(imageInfo(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(imageInfo(Buffer.from('<svg/>'))).toBeUndefined();
    expect(imageInfo(scan.subarray(0, 12))).toBeUndefined();
    expect(imageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
  });
});
