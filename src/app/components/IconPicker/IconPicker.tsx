import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  Icon,
  InputGroup,
  NonIdealState,
  Spinner,
  type IconName,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ICON, filterIcons, ICON_PAGE_SIZE, loadIconNames } from './icons';
import './icon-picker.css';
import { queryKeys } from '../../realtime/query-keys';

export interface IconPickerProps {
  value: string;
  onChange(icon: string): void;
  disabled?: boolean;
  /** The input's id, for its form label. */
  id?: string;
  /** Loads the icon names; Blueprint's bundled set by default. */
  load?: () => Promise<string[]>;
}

/**
 * A read-only preview of the chosen icon ('home' by default) and a button that opens a searchable grid of 50 icons
 * per page. States: loading, loaded, failed ('ICONS NOT LOAD'); an empty search shows 'NOT FOUND'.
 */
export function IconPicker({ value, onChange, disabled, id = 'app-icon', load = loadIconNames }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const icon = value || DEFAULT_ICON;
  return (
    <>
      <InputGroup
        id={id}
        readOnly
        value={icon}
        disabled={disabled}
        leftElement={<Icon icon={icon as IconName} className="icon-picker-preview" data-testid="icon-preview" />}
        rightElement={
          <Button
            variant="minimal"
            icon="search"
            text={t('ICON_PICKER.CHOOSE')}
            disabled={disabled}
            onClick={() => setOpen(true)}
          />
        }
        onClick={() => !disabled && setOpen(true)}
      />
      {open && (
        <IconPickerDialog
          current={icon}
          load={load}
          onClose={() => setOpen(false)}
          onPick={(name) => (onChange(name), setOpen(false))}
        />
      )}
    </>
  );
}

function IconPickerDialog({
  current,
  load,
  onClose,
  onPick,
}: {
  current: string;
  load: () => Promise<string[]>;
  onClose(): void;
  onPick(n: string): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const icons = useQuery({
    queryKey: queryKeys.iconNames(load === loadIconNames ? 'blueprint' : 'custom'),
    queryFn: load,
    retry: 0,
  });
  const found = icons.data ? filterIcons(icons.data, search) : [];
  const pages = Math.max(1, Math.ceil(found.length / ICON_PAGE_SIZE));
  const shown = found.slice(page * ICON_PAGE_SIZE, (page + 1) * ICON_PAGE_SIZE);

  let body;
  if (icons.isLoading) body = <Spinner size={30} data-testid="icons-loading" />;
  else if (icons.isError) body = <NonIdealState icon="error" title={t('ICON_PICKER.NOT_LOADED')} />;
  else if (!found.length) body = <NonIdealState icon="search" title={t('ICON_PICKER.NOT_FOUND')} />;
  else
    body = (
      <div className="icon-picker-grid" role="listbox" aria-label={t('ICON_PICKER.TITLE')}>
        {shown.map((name) => (
          <button
            key={name}
            type="button"
            role="option"
            aria-selected={name === current}
            title={name}
            className={`icon-picker-cell${name === current ? ' selected' : ''}`}
            onClick={() => onPick(name)}
          >
            <Icon icon={name as IconName} size={20} />
            <span>{name}</span>
          </button>
        ))}
      </div>
    );

  return (
    <Dialog isOpen onClose={onClose} title={t('ICON_PICKER.TITLE')} className="icon-picker-dialog">
      <DialogBody>
        <InputGroup
          leftIcon="search"
          placeholder={t('ICON_PICKER.SEARCH')}
          value={search}
          autoFocus
          onValueChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
        />
        {body}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon="chevron-left"
              aria-label={t('ICON_PICKER.PREVIOUS')}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            />
            <span className="icon-picker-page">{t('ICON_PICKER.PAGE', { page: page + 1, pages })}</span>
            <Button
              icon="chevron-right"
              aria-label={t('ICON_PICKER.NEXT')}
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            />
          </>
        }
      />
    </Dialog>
  );
}
