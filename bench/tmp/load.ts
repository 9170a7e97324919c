// quick load harness: npx tsx bench/tmp/load.ts <port> <moduleId> [seconds] [conns]
import autocannon from 'autocannon';
const [port, moduleId, secs = '5', conns = '100'] = process.argv.slice(2);
const host = `bench.localhost:${port}`;
import http from 'node:http';
function post(path: string, body: string, token?: string): Promise<string> {
  return new Promise((res, rej) => {
    const r = http.request({ host: '127.0.0.1', port: Number(port), path, method: 'POST', headers: { host, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (m) => { let d = ''; m.on('data', (c) => (d += c)); m.on('end', () => res(d)); });
    r.on('error', rej); r.end(body);
  });
}
async function main() {
  const token = JSON.parse(await post('/api/identity/Authentication/authenticateiso', JSON.stringify(JSON.stringify({ username: 'admin', password: 'Bench-Pass-123' })))).data.token;
  const body = JSON.stringify({ moduleId, length: 50, orders: [{ column: 'amount', dir: 'asc' }], filters: [{ field: 'region', operator: 'eq', value: 'north' }] });
  const txt = await post('/api/EntryModule/datatables', body, token); console.log('bytes', txt.length, txt.slice(0, 200));
  const load = await autocannon({ url: `http://127.0.0.1:${port}/api/EntryModule/datatables`, method: 'POST', connections: Number(conns), duration: Number(secs),
    headers: { host, 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
  console.log(JSON.stringify({ rps: load.requests.average, p50: load.latency.p50, p99: load.latency.p99, errors: load.errors, non2xx: load.non2xx }));
}
main();
