import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase, openOwnerDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTenant, listTenants, setLicence, setTenantStatus } from '../tenancy/admin.js';
import { BOT_IDS, type BotId } from '../bots/catalogue.js';
import { setBotLicence } from '../bots/licences.js';
import { mlLicences, setTenantLicence } from '../ml/licences.js';
import { maintenanceCommand, MAINTENANCE_USAGE } from '../maintenance/cli.js';

const USAGE = `Usage:
  npm run tenant -- create <domain> --name "Acme Ltd" --admin-user alice --admin-email alice@acme.test [--admin-password …] [--support-email …] [--phone …]
  npm run tenant -- list
  npm run tenant -- deactivate <domain>
  npm run tenant -- activate <domain>
  npm run tenant -- set-licence <domain> <YYYY-MM-DD|none>
  npm run tenant -- set-private-egress <domain> <on|off>   (outbound calls may reach private and loopback addresses)
  npm run tenant -- licence <domain> <${BOT_IDS.join('|')}> <on|off>   (a connect hub bot's licence)
  npm run tenant -- licence <domain> <${(await mlLicences()).join('|')}> <on|off>   (a machine-learning service's licence)
${MAINTENANCE_USAGE}`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'admin-user': { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'support-email': { type: 'string' },
      phone: { type: 'string' },
      message: { type: 'string' },
      all: { type: 'boolean' },
    },
  });
  const [command, domain, arg, arg2] = positionals;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, config.databaseUrl ? 'postgres' : 'sqlite');
  await owner.destroy();
  const db = openDatabase(config);
  try {
    switch (command) {
      case 'create': {
        if (!domain || !values.name || !values['admin-user'] || !values['admin-email']) {
          console.error(USAGE);
          return 2;
        }
        const { password } = await createTenant(db, {
          domain,
          name: values.name,
          adminUser: values['admin-user'],
          adminEmail: values['admin-email'],
          adminPassword: values['admin-password'],
          supportEmail: values['support-email'],
          phone: values.phone,
        });
        console.log(`Tenant '${domain}' created. Administrator: ${values['admin-user']}`);
        if (!values['admin-password']) console.log(`One-time password (shown once): ${password}`);
        return 0;
      }
      case 'list': {
        for (const t of await listTenants(db.system)) {
          const egress = t.allow_private_egress ? '\tprivate egress allowed' : '';
          console.log(`${t.domain}\t${t.status}\tlicence: ${t.licence_expires_on ?? 'no expiry'}\t${t.name}${egress}`);
        }
        return 0;
      }
      case 'deactivate':
      case 'activate':
        if (!domain) break;
        await setTenantStatus(db.system, domain, command === 'activate' ? 'active' : 'inactive');
        console.log(`Tenant '${domain}' ${command}d.`);
        return 0;
      case 'set-licence':
        if (!domain || !arg) break;
        await setLicence(db.system, domain, arg === 'none' ? null : arg);
        console.log(`Licence of '${domain}' set to ${arg}.`);
        return 0;
      case 'set-private-egress': {
        if (!domain || (arg !== 'on' && arg !== 'off')) break;
        const r = await db.system
          .updateTable('tenants')
          .set({ allow_private_egress: arg === 'on' ? 1 : 0 })
          .where('domain', '=', domain)
          .executeTakeFirst();
        if (!r.numUpdatedRows) throw new Error(`No tenant with domain '${domain}'.`);
        console.log(`Outbound calls of '${domain}' ${arg === 'on' ? 'may' : 'may not'} reach private addresses.`);
        return 0;
      }
      case 'maintenance': {
        const code = await maintenanceCommand(db, {
          state: domain,
          domain: arg,
          all: values.all,
          message: values.message,
        });
        if (code !== undefined) return code;
        break;
      }
      case 'licence': {
        if (domain && (await mlLicences()).includes(arg ?? '') && (arg2 === 'on' || arg2 === 'off')) {
          await setTenantLicence(db, domain, arg!, arg2 === 'on');
          console.log(`The ${arg} licence of '${domain}' is ${arg2}.`);
          return 0;
        }
        if (!domain || !BOT_IDS.includes(arg as BotId) || (arg2 !== 'on' && arg2 !== 'off')) break;
        await setBotLicence(db, domain, arg as BotId, arg2 === 'on');
        console.log(`The ${arg} bot licence of '${domain}' is ${arg2}.`);
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
