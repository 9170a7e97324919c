/** What the first bytes of a file say it is; `refuse` is set for content that is never stored. */
export interface Sniffed {
  type: string;
  refuse?: string;
}

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, s: string, at = 0) => b.subarray(at, at + s.length).toString('latin1') === s;

const EXECUTABLE = 'Executable files are not allowed.';
const MARKUP = 'HTML, SVG and XML files are not allowed.';

/** Magic numbers of the binary types we accept. */
const BINARY: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a') },
  { type: 'image/webp', test: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8) },
  { type: 'image/bmp', test: (b) => ascii(b, 'BM') && b.length > 14 },
  { type: 'image/tiff', test: (b) => starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { type: 'application/pdf', test: (b) => ascii(b, '%PDF-') },
  { type: 'application/zip', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06]) },
  { type: 'application/gzip', test: (b) => starts(b, [0x1f, 0x8b]) },
  { type: 'application/x-ole-storage', test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  { type: 'audio/mpeg', test: (b) => ascii(b, 'ID3') },
  { type: 'video/mp4', test: (b) => ascii(b, 'ftyp', 4) },
];

const EXEC_SIGS: ((b: Buffer) => boolean)[] = [
  (b) => ascii(b, 'MZ'), // Windows PE
  (b) => starts(b, [0x7f, 0x45, 0x4c, 0x46]), // ELF
  (b) =>
    starts(b, [0xcf, 0xfa, 0xed, 0xfe]) ||
    starts(b, [0xce, 0xfa, 0xed, 0xfe]) ||
    starts(b, [0xfe, 0xed, 0xfa, 0xce]) ||
    starts(b, [0xfe, 0xed, 0xfa, 0xcf]), // Mach-O
  (b) => starts(b, [0xca, 0xfe, 0xba, 0xbe]), // Mach-O fat / Java class
  (b) => ascii(b, '#!'), // scripts
  (b) => starts(b, [0x00, 0x61, 0x73, 0x6d]), // WebAssembly
];

/** Markup a browser would render as a page if it were ever served inline. */
const MARKUP_RE =
  /^\s*(<\?xml|<!doctype\s+html|<html|<head|<body|<script|<svg|<iframe|<object|<embed|<meta|<style|<!--)/i;

function isText(b: Buffer): boolean {
  const head = b.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.length === b.length ? head : head.subarray(0, head.length - 4),
    );
    return true;
  } catch {
    return false;
  }
}

export function sniff(b: Buffer): Sniffed {
  if (EXEC_SIGS.some((t) => t(b))) return { type: 'application/x-executable', refuse: EXECUTABLE };
  const bin = BINARY.find((x) => x.test(b));
  if (bin) return { type: bin.type };
  if (isText(b)) {
    const text = b
      .subarray(0, 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    if (MARKUP_RE.test(text)) return { type: 'text/html', refuse: MARKUP };
    return { type: 'text/plain' };
  }
  return { type: 'application/octet-stream' };
}

/** Extensions whose files must really be of that type (a renamed executable or page is refused). */
const EXT_TYPES: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  bmp: ['image/bmp'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  pdf: ['application/pdf'],
  docx: ['application/zip'],
  xlsx: ['application/zip'],
  pptx: ['application/zip'],
  zip: ['application/zip'],
  doc: ['application/x-ole-storage'],
  xls: ['application/x-ole-storage'],
  ppt: ['application/x-ole-storage'],
  txt: ['text/plain'],
  csv: ['text/plain'],
  json: ['text/plain'],
  md: ['text/plain'],
  exe: [],
  dll: [],
  bat: [],
  cmd: [],
  com: [],
  msi: [],
  sh: [],
  ps1: [],
  js: [],
  html: [],
  htm: [],
  svg: [],
  xhtml: [],
  hta: [],
  jar: [],
};

/** Refusal message, or undefined when the file name's extension agrees with the bytes. */
export function checkName(fileName: string, sniffed: Sniffed): string | undefined {
  if (sniffed.refuse) return sniffed.refuse;
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const allowed = EXT_TYPES[ext];
  if (!allowed) return undefined;
  if (!allowed.length) return `Files of type .${ext} are not allowed.`;
  return allowed.includes(sniffed.type) ? undefined : `The file's content does not match its type (.${ext}).`;
}
