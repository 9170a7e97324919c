/**
 * Addresses an outbound call must not reach unless the organisation allows private targets: loopback in its many
 * spellings (the local test server's `base`), private ranges, link-local (cloud metadata), IPv6 forms.
 */
export function privateTargets(base: string): string[] {
  const port = new URL(base).port;
  return [
    `${base}/x`,
    `http://localhost:${port}/x`,
    `http://[::1]:${port}/x`,
    `http://[::ffff:127.0.0.1]:${port}/x`,
    `http://0x7f000001:${port}/x`,
    `http://2130706433:${port}/x`,
    `http://127.1:${port}/x`,
    'http://10.1.2.3/x',
    'http://192.168.0.1/x',
    'http://172.16.0.1/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/x',
    'http://0.0.0.0/x',
  ];
}
