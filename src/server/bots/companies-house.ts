import { egressFetch, EgressError, type EgressLog } from '../egress/fetch.js';
import { badRequest, HttpError } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { requireLicence } from './licences.js';
import type { CompanyItem, CompanyLookupBody } from './schemas.js';
import { counted } from './usage.js';
import { openBotVariables } from './variables.js';

/** The parts of the public Companies House REST API answers we read. */
type Address = Partial<
  Record<'premises' | 'address_line_1' | 'address_line_2' | 'locality' | 'region' | 'postal_code' | 'country', string>
>;
type Profile = {
  company_number?: string;
  company_name?: string;
  company_status?: string;
  date_of_creation?: string;
  registered_office_address?: Address;
};
type SearchHit = {
  company_number?: string;
  title?: string;
  company_status?: string;
  date_of_creation?: string;
  address_snippet?: string;
  address?: Address;
};

const addressText = (a: Address | undefined) =>
  a
    ? [a.premises, a.address_line_1, a.address_line_2, a.locality, a.region, a.postal_code, a.country]
        .filter((x) => x && x.trim())
        .join(', ')
    : '';

const item = (number: string, name: string, status: string, address: string, incorporatedOn: string): CompanyItem => ({
  id: number,
  label: name,
  values: { number, name, status, address, incorporatedOn },
});

const fromProfile = (p: Profile) =>
  item(
    p.company_number ?? '',
    p.company_name ?? '',
    p.company_status ?? '',
    addressText(p.registered_office_address),
    p.date_of_creation ?? '',
  );
const fromHit = (h: SearchHit) =>
  item(
    h.company_number ?? '',
    h.title ?? '',
    h.company_status ?? '',
    h.address_snippet ?? addressText(h.address),
    h.date_of_creation ?? '',
  );

export interface LookupOptions {
  allowPrivate: boolean;
  log?: EgressLog;
}

/**
 * connecthublinkedlookup: one company by number (`/company/{number}`), or up to 20 whose name matches
 * (`/search/companies?q=`), through the egress module with the API key as the basic-auth user name (as the real
 * API wants). Each call is counted in the bot's usage, failures as errors.
 */
export async function lookupCompanies(tdb: TenantDb, b: CompanyLookupBody, o: LookupOptions): Promise<CompanyItem[]> {
  await requireLicence(tdb, 'companyhouse');
  const vars = await openBotVariables(tdb, 'companyhouse');
  if (!vars.apiKey) throw badRequest('Companies House: save the API key in the Companies House settings first');
  const base = (vars.baseUrl ?? '').replace(/\/+$/, '');
  const byNumber = 'number' in b;
  const url = byNumber
    ? `${base}/company/${encodeURIComponent(b.number.trim().toUpperCase())}`
    : `${base}/search/companies?q=${encodeURIComponent(b.name.trim())}&items_per_page=20`;
  const auth = `Basic ${Buffer.from(`${vars.apiKey}:`).toString('base64')}`;
  return counted(tdb, 'companyhouse', async () => {
    let res: Response;
    try {
      res = await egressFetch(
        url,
        { headers: { authorization: auth, accept: 'application/json' } },
        { allowPrivate: o.allowPrivate, log: o.log, maxBytes: 1024 * 1024 },
      );
    } catch (err) {
      if (err instanceof EgressError) throw new HttpError(502, `Companies House: ${err.message}`);
      throw err;
    }
    if (byNumber && res.status === 404) {
      await res.body?.cancel();
      return [];
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new HttpError(502, 'Companies House refused the API key');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new HttpError(502, `Companies House answered ${res.status}`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new HttpError(502, 'Companies House sent an answer that is not JSON');
    }
    if (byNumber) return [fromProfile(json as Profile)];
    const items = (json as { items?: SearchHit[] }).items;
    return Array.isArray(items) ? items.slice(0, 20).map(fromHit) : [];
  });
}
