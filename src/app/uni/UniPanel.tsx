import { useEffect, useRef, useState } from 'react';
import { Button, Drawer, InputGroup, Menu, MenuDivider, MenuItem, Popover, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import {
  deleteThread,
  listThreads,
  renameThread,
  storedThread,
  storeThread,
  streamPrompt,
  threadDetail,
  uniKeys,
  type Thread,
} from './api';
import { UniMessage, type ShownMessage } from './UniMessage';
import './uni.css';

/** The conversations menu: pick one, start a new one, rename or delete the current one. */
function Threads(p: {
  threads: Thread[];
  current: Thread | undefined;
  onPick(id: string | null): void;
  onRename(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const menu = (
    <Menu aria-label={t('UNI.THREADS')}>
      <MenuItem icon="plus" text={t('UNI.NEW')} onClick={() => p.onPick(null)} />
      {p.current && <MenuItem icon="edit" text={t('UNI.RENAME')} onClick={p.onRename} />}
      {p.current && <MenuItem icon="trash" intent="danger" text={t('UNI.DELETE')} onClick={p.onDelete} />}
      {p.threads.length > 0 && <MenuDivider title={t('UNI.THREADS')} />}
      {p.threads.map((th) => (
        <MenuItem
          key={th.id}
          text={<span data-tenant-text>{th.title}</span>}
          active={th.id === p.current?.id}
          onClick={() => p.onPick(th.id)}
        />
      ))}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-start">
      <Button variant="minimal" icon="history" endIcon="caret-down" data-testid="uni-threads">
        <span className="uni-thread-title" data-tenant-text>
          {p.current?.title ?? t('UNI.NEW')}
        </span>
      </Button>
    </Popover>
  );
}

/** The assistant's panel: greeting, the current conversation (id in local storage), a question box. */
export default function UniPanel({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [threadId, setThreadId] = useState<string | null>(storedThread);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  // Bumped by each question, so a thread loaded before it does not overwrite the answer being streamed.
  const asked = useRef(0);
  const threads = useQuery({ queryKey: uniKeys.threads, queryFn: listThreads, enabled: isOpen });
  const current = threads.data?.find((x) => x.id === threadId);

  const pick = (id: string | null) => {
    storeThread(id);
    setThreadId(id);
    setMessages([]);
    setProblem(null);
  };
  useEffect(() => {
    if (!isOpen || !threadId || busy) return;
    let live = true;
    const at = asked.current;
    threadDetail(threadId)
      .then((d) => {
        if (live && at === asked.current)
          setMessages(d.messages.map((m) => ({ ...m, draftId: m.proposal ? m.id : null })));
      })
      .catch(() => live && pick(null));
    return () => {
      live = false;
    };
    // Loads when the panel opens or another conversation is picked; a running answer keeps its own state.
  }, [isOpen, threadId]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const ask = async () => {
    const message = text.trim();
    if (!message || busy) return;
    setText('');
    asked.current += 1;
    setBusy(true);
    setProblem(null);
    const answer: ShownMessage = {
      id: 'pending',
      role: 'assistant',
      content: '',
      citations: [],
      proposal: null,
      pending: true,
    };
    const user: ShownMessage = { id: `u${Date.now()}`, role: 'user', content: message, citations: [], proposal: null };
    setMessages((ms) => [...ms, user, answer]);
    const patch = (p: Partial<ShownMessage>) =>
      setMessages((ms) => ms.map((m) => (m.id === 'pending' ? { ...m, ...p, content: p.content ?? m.content } : m)));
    let acc = '';
    try {
      await streamPrompt(
        { ...(threadId ? { threadId } : {}), message, lang: i18n.language.slice(0, 2) },
        {
          thread: ({ threadId: id }) => {
            storeThread(id);
            setThreadId(id);
          },
          token: (piece) => patch({ content: (acc += piece) }),
          citations: (citations) => patch({ citations }),
          proposal: ({ draftId, proposal }) => patch({ draftId, proposal }),
          error: (error) => patch({ error }),
        },
      );
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setMessages((ms) => ms.map((m) => (m.id === 'pending' ? { ...m, id: `a${Date.now()}`, pending: false } : m)));
      setBusy(false);
      void qc.invalidateQueries({ queryKey: uniKeys.threads });
    }
  };

  const saveName = async () => {
    if (!current || !renaming?.trim()) return setRenaming(null);
    try {
      await renameThread(current.id, renaming.trim());
      await qc.invalidateQueries({ queryKey: uniKeys.threads });
    } catch (e) {
      setProblem(errorMessage(e));
    }
    setRenaming(null);
  };
  const remove = async () => {
    if (!current) return;
    try {
      await deleteThread(current.id);
      pick(null);
      await qc.invalidateQueries({ queryKey: uniKeys.threads });
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      size="min(440px, 100%)"
      portalClassName="shell-overlay"
      isCloseButtonShown={false}
      hasBackdrop={false}
      canOutsideClickClose={false}
      enforceFocus={false}
      aria-labelledby="uni-title"
      className="uni-drawer"
    >
      <header className="uni-head">
        <h2 id="uni-title" className="uni-name">
          {t('UNI.TITLE')}
        </h2>
        {renaming !== null ? (
          <InputGroup
            autoFocus
            size="small"
            aria-label={t('UNI.RENAME')}
            value={renaming}
            maxLength={200}
            onValueChange={setRenaming}
            onBlur={() => void saveName()}
            onKeyDown={(e) => e.key === 'Enter' && void saveName()}
          />
        ) : (
          <Threads
            threads={threads.data ?? []}
            current={current}
            onPick={pick}
            onRename={() => setRenaming(current?.title ?? '')}
            onDelete={() => void remove()}
          />
        )}
        <span className="uni-spacer" />
        <Button variant="minimal" icon="cross" aria-label={t('UNI.CLOSE')} onClick={onClose} />
      </header>
      <div className="uni-body" aria-live="polite">
        <div className="uni-msg uni-bot uni-greeting" data-testid="uni-greeting">
          {t('UNI.GREETING')}
        </div>
        {messages.map((m) => (
          <UniMessage key={m.id} m={m} onFollow={onClose} />
        ))}
        {problem && (
          <div className="uni-msg uni-bot uni-problem" role="alert">
            {problem}
          </div>
        )}
        <div ref={end} />
      </div>
      <form
        className="uni-ask"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void ask();
            }
          }}
          placeholder={t('UNI.PLACEHOLDER')}
          aria-label={t('UNI.PLACEHOLDER')}
          maxLength={4000}
          rows={2}
          fill
          data-testid="uni-input"
        />
        <Button type="submit" intent="primary" icon="send-message" aria-label={t('UNI.SEND')} loading={busy} />
      </form>
    </Drawer>
  );
}
