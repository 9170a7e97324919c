// The reference point: a bare Fastify hello-world answering a JSON object of similar size.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { success: true, message: '', data: { domain: 'demo', name: 'Demo Organisation', support_email: 'support@demo.localhost' } };
app.get('/api/sys/tenant/info', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
