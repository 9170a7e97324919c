import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, everything else revalidated,
 * and a history fallback so deep links like /tasks load index.html.
 */
export async function webRoutes(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const index = webDir ? path.join(webDir, 'index.html') : undefined;
  if (!webDir || !index || !fs.existsSync(index)) {
    app.log.warn({ webDir }, 'web app not built; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  const html = fs.readFileSync(index);
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const p = req.url.split('?')[0] ?? '/';
    if (p.startsWith('/api/') || path.extname(p)) {
      return reply.status(404).send({ success: false, message: `Route GET ${p} not found` });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('X-Frame-Options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
