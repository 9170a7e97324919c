import { useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Classes, FormGroup, InputGroup, Intent, Popover } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import type { TFunction } from 'i18next';
import { normalizeLink } from './link';
import { Tool, ToolbarFrame } from './Tool';

const HEADING_ICONS = { 1: 'header-one', 2: 'header-two', 3: 'header-three' } as const;

interface Props {
  editor: Editor;
  t: TFunction;
  id: string;
  /** The image tool, or null where files cannot be stored. */
  image: ReactNode;
  /** The toggle to the HTML source view, for the type that has one. */
  source?: ReactNode;
}

export function Toolbar({ editor, t, id, image, source }: Props) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      paragraph: e.isActive('paragraph') && !e.isActive('heading'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  return (
    <ToolbarFrame label={t('toolbar')}>
      <ButtonGroup>
        <Tool label={t('bold')} icon="bold" pressed={s.bold} onClick={() => run().toggleBold().run()} />
        <Tool label={t('italic')} icon="italic" pressed={s.italic} onClick={() => run().toggleItalic().run()} />
        <Tool
          label={t('underline')}
          icon="underline"
          pressed={s.underline}
          onClick={() => run().toggleUnderline().run()}
        />
        <Tool label={t('strike')} icon="strikethrough" pressed={s.strike} onClick={() => run().toggleStrike().run()} />
      </ButtonGroup>
      <ButtonGroup>
        <Tool
          label={t('paragraph')}
          icon="paragraph"
          pressed={s.paragraph}
          onClick={() => run().setParagraph().run()}
        />
        {([1, 2, 3] as const).map((level) => (
          <Tool
            key={level}
            label={t(`heading${level}`)}
            icon={HEADING_ICONS[level]}
            pressed={s[`h${level}`]}
            onClick={() => run().toggleHeading({ level }).run()}
          />
        ))}
      </ButtonGroup>
      <ButtonGroup>
        <Tool
          label={t('bulletList')}
          icon="properties"
          pressed={s.bullet}
          onClick={() => run().toggleBulletList().run()}
        />
        <Tool
          label={t('orderedList')}
          icon="numbered-list"
          pressed={s.ordered}
          onClick={() => run().toggleOrderedList().run()}
        />
        <Tool
          label={t('blockquote')}
          icon="citation"
          pressed={s.quote}
          onClick={() => run().toggleBlockquote().run()}
        />
      </ButtonGroup>
      <ButtonGroup>
        <LinkTool editor={editor} t={t} id={id} active={s.link} />
        <TableTool editor={editor} t={t} inTable={s.table} />
        {image}
      </ButtonGroup>
      <ButtonGroup>
        <Tool label={t('undo')} icon="undo" disabled={!s.undo} onClick={() => run().undo().run()} />
        <Tool label={t('redo')} icon="redo" disabled={!s.redo} onClick={() => run().redo().run()} />
        <Tool label={t('clearFormatting')} icon="eraser" onClick={() => run().unsetAllMarks().clearNodes().run()} />
      </ButtonGroup>
      {source}
    </ToolbarFrame>
  );
}

/** Adds, changes or removes the link at the selection; only web and mail addresses are taken. */
function LinkTool({ editor, t, id, active }: { editor: Editor; t: TFunction; id: string; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [refused, setRefused] = useState(false);
  const show = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setRefused(false);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const apply = () => {
    const link = normalizeLink(href);
    if (!link) return setRefused(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the linked text.
    if (editor.state.selection.empty && !active)
      chain.insertContent({ type: 'text', text: href.trim(), marks: [{ type: 'link', attrs: { href: link } }] }).run();
    else chain.setLink({ href: link }).run();
    // The caret goes after the link, so typing on neither replaces nor extends it.
    editor.commands.setTextSelection(editor.state.selection.to);
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };
  const inputId = `${id}-link`;
  return (
    <Popover
      isOpen={open}
      onClose={() => setOpen(false)}
      // Closed by any means, the typing goes on in the text.
      onClosed={() => editor.commands.focus()}
      placement="bottom-start"
      autoFocus
      content={
        <div className="richtext-popover" role="dialog" aria-label={t('link')}>
          <FormGroup
            label={t('linkAddress')}
            labelFor={inputId}
            intent={refused ? Intent.DANGER : Intent.NONE}
            helperText={refused ? t('linkInvalid') : t('linkHint')}
          >
            <InputGroup
              id={inputId}
              autoFocus
              value={href}
              intent={refused ? Intent.DANGER : Intent.NONE}
              placeholder="https://"
              onChange={(e) => {
                setHref(e.target.value);
                setRefused(false);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
                if (e.key === 'Escape') close();
              }}
            />
          </FormGroup>
          <div className="richtext-popover-actions">
            {active && <Button text={t('linkRemove')} icon="unlink" onClick={remove} />}
            <Button text={t('cancel')} onClick={close} />
            <Button text={t('linkApply')} intent={Intent.PRIMARY} onClick={apply} />
          </div>
        </div>
      }
    >
      <Tool label={t('link')} icon="link" pressed={active} onClick={show} />
    </Popover>
  );
}

/** Inserts a 3×3 table; inside one, adds or removes rows and columns, or deletes it. */
function TableTool({ editor, t, inTable }: { editor: Editor; t: TFunction; inTable: boolean }) {
  const act = (label: string, icon: IconName, enabled: boolean, command: () => boolean) => (
    <Button
      key={label}
      variant="minimal"
      alignText="start"
      icon={icon}
      text={label}
      disabled={!enabled}
      className={Classes.POPOVER_DISMISS}
      onClick={command}
    />
  );
  const run = () => editor.chain().focus();
  return (
    <Popover
      placement="bottom-start"
      onClosed={() => editor.commands.focus()}
      autoFocus
      content={
        <div className="richtext-popover" role="group" aria-label={t('table')}>
          <ButtonGroup vertical fill>
            {act(t('insertTable'), 'th', !inTable, () =>
              run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
            )}
            {act(t('addRow'), 'add-row-bottom', inTable, () => run().addRowAfter().run())}
            {act(t('deleteRow'), 'remove-row-bottom', inTable, () => run().deleteRow().run())}
            {act(t('addColumn'), 'add-column-right', inTable, () => run().addColumnAfter().run())}
            {act(t('deleteColumn'), 'remove-column-right', inTable, () => run().deleteColumn().run())}
            {act(t('deleteTable'), 'trash', inTable, () => run().deleteTable().run())}
          </ButtonGroup>
        </div>
      }
    >
      <Tool label={t('table')} icon="th" pressed={inTable} />
    </Popover>
  );
}
