/** What a file is, for its icon and whether it gets a picture of itself. */
export type FileKind = 'image' | 'pdf' | 'video' | 'audio' | 'archive' | 'sheet' | 'slides' | 'text' | 'other';

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  zip: 'archive',
  gz: 'archive',
  '7z': 'archive',
  rar: 'archive',
  xls: 'sheet',
  xlsx: 'sheet',
  csv: 'sheet',
  ods: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  doc: 'text',
  docx: 'text',
  odt: 'text',
  txt: 'text',
  rtf: 'text',
};

export function fileKind(contentType: string, fileName: string): FileKind {
  const t = contentType.toLowerCase();
  if (t === 'application/pdf') return 'pdf';
  // SVG is never shown inline: the store refuses it, and an <img> of one is no preview worth the risk.
  if (t.startsWith('image/') && t !== 'image/svg+xml') return 'image';
  if (t.startsWith('video/')) return 'video';
  if (t.startsWith('audio/')) return 'audio';
  return BY_EXTENSION[fileName.toLowerCase().split('.').pop() ?? ''] ?? (t.startsWith('text/') ? 'text' : 'other');
}

/** Blueprint icon names by kind. */
export const KIND_ICON: Record<FileKind, string> = {
  image: 'media',
  pdf: 'document',
  video: 'video',
  audio: 'music',
  archive: 'archive',
  sheet: 'th',
  slides: 'presentation',
  text: 'align-left',
  other: 'paperclip',
};

/** A size in the reader's language ("12 kB", "1.4 MB"). */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[i],
    unitDisplay: i === 0 ? 'long' : 'short',
    maximumFractionDigits: i === 0 || n >= 10 ? 0 : 1,
  }).format(n);
}
