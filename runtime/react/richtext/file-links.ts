/**
 * Pictures in rich text point at the file store by a stable link holding only the key: the stored HTML never
 * carries anyone's token, and the server links the key to the record on save. The viewer's own link (token,
 * record) replaces it only while the page draws it.
 */
const STORED = /^\/api\/form\/AWSS3\/GetFile\?(?:[^#]*&)?key=([A-Za-z0-9_-]{32})(?:[&#]|$)/;

export const storedFileSrc = (key: string) => `/api/form/AWSS3/GetFile?key=${encodeURIComponent(key)}`;

export const storedFileKey = (src: string): string | undefined => STORED.exec(src.trim())?.[1];

/** The address to draw an image from: the viewer's link for a stored file, else the source as it is. */
export const viewerSrc = (src: string, url?: (key: string) => string): string => {
  const key = storedFileKey(src);
  return key && url ? url(key) : src;
};
