import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { files, flat, ROOT } from '../support/locale-texts.js';

/**
 * Texts a language writes exactly as English does: names (FlowForms, Connect Hub), technical terms (JSON, SAML 2)
 * and words the language shares (German "Status", French "Description"). Each one here was checked; a new English
 * copy in a translation fails until it is translated or added after the same check.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  de: [
    '(optional)',
    'App',
    'Dashboard',
    'Administrator',
    'Apps',
    'Business Intelligence',
    'Companies House',
    'Connect Hub',
    'Details',
    'Domain',
    'FinishDataconnector',
    'FlowForms',
    'Format',
    'IfElse',
    'JSON',
    'Layout',
    'Maximum',
    'Minimum',
    'Name',
    'Operator',
    'Organisation',
    'SAML 2',
    'Start',
    'Status',
    'Support: {{email}} · {{phone}}',
    'Team',
    'Teams',
    'Text',
    'Token',
    'Version',
    'Version {{version}}',
    'Webhooks',
    'Workflow',
    '{{page}} / {{pages}}',
    'WS-Security',
  ],
  es: [
    'Companies House',
    'Connect Hub',
    'Editable',
    'FinishDataconnector',
    'FlowForms',
    'IfElse',
    'JSON',
    'No',
    'Roles',
    'SAML 2',
    'Token',
    'Total: {{count}}',
    'Webhooks',
    'editable',
    'visible',
    '{{page}} / {{pages}}',
    'WS-Security',
  ],
  fr: [
    'Actions',
    'Active',
    'Cause',
    'Companies House',
    'Condition',
    'Connect Hub',
    'Consultant',
    'Date',
    'Description',
    'E-commerce',
    'E-mail',
    'Expression',
    'FinishDataconnector',
    'FlowForms',
    'Format',
    'IfElse',
    'JSON',
    'Licence',
    'Maximum',
    'Menu',
    'Message',
    'Minimum',
    'Notifications',
    'Options',
    'Organisation',
    'Pages',
    'Question {{n}}',
    'SAML 2',
    'Secret',
    'Section',
    'Signature',
    'Type',
    'Version',
    'Version {{version}}',
    'Webhooks',
    'Workflow',
    'date',
    'visible',
    '{{page}} / {{pages}}',
    'WS-Security',
  ],
  ja: [
    'Companies House',
    'Connect Hub',
    'FinishDataconnector',
    'FlowForms',
    'IfElse',
    'JSON',
    'REST API',
    'SAML 2',
    '{{page}} / {{pages}}',
    'WS-Security',
  ],
  zh: [
    'Companies House',
    'Connect Hub',
    'FinishDataconnector',
    'FlowForms',
    'IfElse',
    'JSON',
    'REST API',
    'SAML 2',
    '{{page}} / {{pages}}',
    'WS-Security',
  ],
};

describe('translations', () => {
  const english = [...files(path.join(ROOT, 'src/app/i18n'), 'en'), ...files(path.join(ROOT, 'plugins'), 'en')];
  it.each(Object.keys(SAME_AS_ENGLISH))('%s copies no English text it should translate', (lang) => {
    const same = new Set<string>();
    for (const f of english) {
      const en = flat(JSON.parse(fs.readFileSync(f, 'utf8')));
      const other = flat(
        JSON.parse(fs.readFileSync(f.replace(`${path.sep}en.json`, `${path.sep}${lang}.json`), 'utf8')),
      );
      for (const [k, v] of Object.entries(en)) if (other[k] === v && /[a-z]{3}/i.test(v)) same.add(v);
    }
    expect([...same].filter((v) => !SAME_AS_ENGLISH[lang]!.includes(v))).toEqual([]);
  });
});
