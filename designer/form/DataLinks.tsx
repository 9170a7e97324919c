import { H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, call } from '../../src/app/api/client';
import type { DataLink, DataLinks as Links } from '../../src/server/lookups/schemas';

const fetchLinks = (moduleId: string) => call<Links>(api.get('/form/editor/dataentrylookup', { params: { moduleId } }));

function LinkTable({ links, testId }: { links: DataLink[]; testId: string }) {
  const { t } = useTranslation();
  if (!links.length) return <p className="muted">{t('DESIGNER.LINKS_NONE')}</p>;
  return (
    <HTMLTable compact data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('DESIGNER.LINKS_APP')}</th>
          <th scope="col">{t('DESIGNER.LINKS_FIELD')}</th>
          <th scope="col">{t('DESIGNER.LINKS_READS')}</th>
        </tr>
      </thead>
      <tbody>
        {links.map((l) => (
          <tr key={`${l.moduleId}:${l.field}`}>
            <td>
              <Link to={`/form-editor/show/${l.moduleId}`} data-tenant-text>
                {l.moduleName}
              </Link>
            </td>
            <td data-tenant-text>
              {l.label} <Tag minimal>{t('title', { ns: `field.${l.fieldType}`, defaultValue: l.fieldType })}</Tag>
            </td>
            <td>{l.reads.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * Which apps this form's fields read, and which published apps read this one (and which of its fields they depend
 * on): what to check before renaming or removing a field.
 */
export function DataLinks({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const links = useQuery({ queryKey: ['data-links', moduleId], queryFn: () => fetchLinks(moduleId), staleTime: 0 });
  if (!links.data) return null;
  return (
    <section className="fd-links" aria-label={t('DESIGNER.LINKS')}>
      <H5 className="fd-gap">{t('DESIGNER.LINKS_USES')}</H5>
      <LinkTable links={links.data.uses} testId="links-uses" />
      <H5 className="fd-gap">{t('DESIGNER.LINKS_USED_BY')}</H5>
      <LinkTable links={links.data.usedBy} testId="links-used-by" />
    </section>
  );
}
