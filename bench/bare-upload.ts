// The reference point for uploads: bare Fastify with @fastify/multipart streaming each part to a file on disk, no
// sniffing, no hashing, no database: the least a server can do with a large upload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: 1024 ** 3 } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-upload-'));
app.get('/readyz', async () => 'ok');
app.post('/upload', async (req) => {
  let n = 0;
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    await pipeline(part.file, fs.createWriteStream(path.join(dir, `f${n++}`)));
  }
  return { success: true, n };
});
app.addHook('onClose', async () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
