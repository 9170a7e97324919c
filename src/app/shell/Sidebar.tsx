import { useEffect, useRef, useState } from 'react';
import { Button, Classes, Icon, InputGroup, Intent, Spinner, Tag, type IconName } from '@blueprintjs/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { configAtom } from '../state/auth';
import { toastError } from '../components/toaster';
import { useFavourites, useModuleTree, useTaskTotal, useToggleFavourite, type TreeNode } from './api';
import { GroupOrderDialog } from './GroupOrderDialog';
import { filterTree } from './navigation';
import { layoutConfigAtom } from './layout-config';
import {
  badgeText,
  HOVER_ENTER_MS,
  HOVER_LEAVE_MS,
  LG,
  mobileSidebarOpenAtom,
  SEARCH_DELAY_MS,
  searchProblem,
  sidebarMinimisedAtom,
} from './layout';

const icon = (name: string | null | undefined, fallback: IconName): IconName => (name as IconName) || fallback;
const navClass = ({ isActive }: { isActive: boolean }) => `sidebar-link${isActive ? ' active' : ''}`;

function ModuleLink({
  node,
  favourite,
  onToggle,
}: {
  node: TreeNode;
  favourite: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="sidebar-item">
      <NavLink to={`/module/${node.id}?from=sidebar`} className={navClass} title={node.description ?? node.text}>
        <Icon icon={icon(node.icon, 'application')} />
        <span className="sidebar-text">{node.text}</span>
      </NavLink>
      <Button
        variant="minimal"
        size="small"
        className="sidebar-star"
        icon={favourite ? 'star' : 'star-empty'}
        intent={favourite ? Intent.WARNING : Intent.NONE}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'SHELL.SIDEBAR.UNFAVOURITE' : 'SHELL.SIDEBAR.FAVOURITE', { name: node.text })}
        onClick={() => onToggle(!favourite)}
      />
    </li>
  );
}

/** Left sidebar: search, Home with the open-task badge, Favourites, the module tree and Create App. */
export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAtomValue(configAtom);
  const [minimised, setMinimised] = useAtom(sidebarMinimisedAtom);
  const setMobileOpen = useSetAtom(mobileSidebarOpenAtom);
  const [hovered, setHovered] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const tree = useModuleTree();
  const favourites = useFavourites();
  const total = useTaskTotal();
  const toggle = useToggleFavourite();
  const invalid = searchProblem(input);

  // The tree filters 500 ms after the last keystroke, and only with a valid value.
  useEffect(() => {
    if (invalid) return;
    const id = setTimeout(() => setTerm(input), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [input, invalid]);

  const layout = useAtomValue(layoutConfigAtom);
  // Minimised with the pointer still over it, the sidebar stays minimised for a moment before hover expands it.
  const toggledAt = useRef(0);
  const hover = (on: boolean) => {
    if (!minimised || window.innerWidth < LG) return;
    if (on && Date.now() - toggledAt.current < layout.sidebarHoverTimeoutMs) return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setHovered(on), on ? HOVER_ENTER_MS : HOVER_LEAVE_MS);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const favIds = new Set((favourites.data ?? []).map((f) => f.id));
  const onToggle = (node: TreeNode) => (on: boolean) =>
    toggle.mutate(
      { moduleId: node.id, on },
      { onError: (e) => void toastError(e instanceof Error ? e.message : String(e)) },
    );
  const nodes = filterTree(tree.data ?? [], term);
  const canCreate = !!(config?.isFullUser || config?.isConsultant);
  const collapsed = minimised && !hovered;
  const canOrder = !!(config?.isSysAdmin || config?.isAdministrator || config?.isConsultant);
  const [ordering, setOrdering] = useState(false);

  return (
    <aside
      className={`shell-sidebar${collapsed ? ' minimised' : ''}${minimised && hovered ? ' hover-expanded' : ''}`}
      aria-label={t('SHELL.SIDEBAR.LABEL')}
      onMouseEnter={() => hover(true)}
      onMouseLeave={() => hover(false)}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) setMobileOpen(false);
      }}
    >
      <div className="sidebar-brand">
        <span className="sidebar-text sidebar-logo">{t('SHELL.BRAND')}</span>
        <Button
          variant="minimal"
          icon={minimised ? 'menu-open' : 'menu-closed'}
          aria-label={t(minimised ? 'SHELL.SIDEBAR.EXPAND' : 'SHELL.SIDEBAR.MINIMISE')}
          aria-pressed={minimised}
          onClick={() => {
            setHovered(false);
            toggledAt.current = Date.now();
            setMinimised(!minimised);
          }}
          className="sidebar-toggle"
        />
      </div>
      {layout.parts.search && (
        <div className="sidebar-search">
          <InputGroup
            leftIcon="search"
            type="search"
            value={input}
            placeholder={t('SHELL.SIDEBAR.SEARCH')}
            aria-label={t('SHELL.SIDEBAR.SEARCH')}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setInput(e.target.value)}
          />
          {invalid && (
            <div className="sidebar-search-error" role="alert">
              {t('SHELL.SIDEBAR.SEARCH_INVALID')}
            </div>
          )}
        </div>
      )}
      <nav className="sidebar-nav" aria-label={t('SHELL.SIDEBAR.MODULES')}>
        <ul className="sidebar-list">
          <li className="sidebar-item">
            <NavLink to="/tasks" className={navClass} data-testid="sidebar-home">
              <Icon icon="home" />
              <span className="sidebar-text">{t('SHELL.SIDEBAR.HOME')}</span>
              {typeof total.data === 'number' && total.data > 0 && (
                <Tag round intent={Intent.PRIMARY} className="sidebar-badge" data-testid="task-badge">
                  {badgeText(total.data)}
                </Tag>
              )}
            </NavLink>
          </li>
        </ul>
        <h2 className="sidebar-heading">
          <Icon icon="star" size={12} /> <span className="sidebar-text">{t('SHELL.SIDEBAR.FAVOURITES')}</span>
        </h2>
        <ul className="sidebar-list" data-testid="favourites">
          {(favourites.data ?? []).map((f) => (
            <li className="sidebar-item" key={f.id}>
              <NavLink to={`/module/${f.id}?from=sidebar`} className={navClass}>
                <Icon icon={icon(f.app_icon ?? f.category_icon, 'application')} />
                <span className="sidebar-text">{f.title}</span>
              </NavLink>
            </li>
          ))}
          {favourites.isSuccess && !favourites.data.length && (
            <li className="sidebar-empty sidebar-text">{t('SHELL.SIDEBAR.NO_FAVOURITES')}</li>
          )}
        </ul>
        <h2 className="sidebar-heading">
          <Icon icon="applications" size={12} /> <span className="sidebar-text">{t('SHELL.SIDEBAR.MODULES')}</span>
          {canOrder && (
            <Button
              variant="minimal"
              size="small"
              icon="sort"
              className="sidebar-text sidebar-heading-action"
              aria-label={t('SHELL.GROUP_ORDER.OPEN')}
              title={t('SHELL.GROUP_ORDER.OPEN')}
              onClick={() => setOrdering(true)}
            />
          )}
        </h2>
        {tree.isLoading && <Spinner size={20} />}
        <ul className="sidebar-list" data-testid="module-tree">
          {nodes.map((n) =>
            n.type === 'group' ? (
              <li key={n.id} className="sidebar-group">
                <div className="sidebar-group-title">
                  <Icon icon={icon(n.icon, 'folder-close')} />
                  <span className="sidebar-text">{n.text}</span>
                </div>
                <ul className="sidebar-list">
                  {(n.children ?? []).map((c) => (
                    <ModuleLink key={c.id} node={c} favourite={favIds.has(c.id)} onToggle={onToggle(c)} />
                  ))}
                </ul>
              </li>
            ) : (
              <ModuleLink key={n.id} node={n} favourite={favIds.has(n.id)} onToggle={onToggle(n)} />
            ),
          )}
          {tree.isSuccess && !nodes.length && (
            <li className="sidebar-empty sidebar-text">
              {t(term ? 'SHELL.SIDEBAR.NO_MATCH' : 'SHELL.SIDEBAR.NO_MODULES')}
            </li>
          )}
        </ul>
      </nav>
      {ordering && <GroupOrderDialog onClose={() => setOrdering(false)} />}
      {canCreate && (
        <div className="sidebar-footer">
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            fill
            className={Classes.TEXT_OVERFLOW_ELLIPSIS}
            onClick={() => navigate('/applications?create=1')}
          >
            <span className="sidebar-text">{t('SHELL.SIDEBAR.CREATE_APP')}</span>
          </Button>
        </div>
      )}
    </aside>
  );
}
