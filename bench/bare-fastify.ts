// The reference point: a bare Fastify hello-world answering the same JSON object.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
// The same answer our route gives for the demo tenant, byte for byte, so only the stack differs.
const body = {
  success: true,
  message: '',
  data: {
    domain: 'demo',
    name: 'Demo Organisation',
    support_email: 'support@demo.localhost',
    person_in_charge_phone: null,
    time_zone: null,
    date_format: 'YYYY-MM-DD',
    datetime_format: 'YYYY-MM-DD HH:mm:ss',
    time_format: 'HH:mm:ss',
    licence_expires_on: null,
  },
};
app.get('/api/sys/tenant/info', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
