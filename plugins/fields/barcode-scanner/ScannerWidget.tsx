import { lazy, memo, Suspense, useCallback, useContext, useRef, useState, type KeyboardEvent } from 'react';
import { Button, ControlGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../../runtime/react/contract';
import { FormRuntimeContext } from '../../../runtime/react/form-context';
import type { RecordStore } from '../../../runtime/react/record-store';
import { inputClass, text } from '../../../runtime/react/widgets';
import type { CameraProblem } from './CameraScanner';
import type { BarcodeScannerConfig } from './manifest';
import { parsePayload } from './payload';
import { nextRowWrites } from './table-row';

const ns = 'field.barcode-scanner';
const loadDecoder = () => import('./decode');
/** The camera view comes with its first use, like the decoder it drives. */
const CameraScanner = lazy(() => import('./CameraScanner').then((m) => ({ default: m.CameraScanner })));

interface Notice {
  key: string;
  params?: Record<string, string | number>;
  intent: Intent;
}

/** Writes into other fields of the form, skipping names it does not have or that this step may not change. */
function writeFields(store: RecordStore | null, own: string | undefined, writes: Record<string, string>) {
  if (!store) return;
  for (const [name, v] of Object.entries(writes))
    if (name !== own && store.compiled.fields[name] && !store.snapshot(name).readOnly) store.change(name, v);
}

/**
 * A text field filled by typing, by a keyboard-wedge scanner (it types the code and Enter), by the camera or from a
 * photo. A read code may fill other fields of the form too (the field's payload settings).
 */
export const ScannerWidget = memo(function ScannerWidget({
  id,
  name,
  value,
  config,
  disabled,
  readOnly,
  invalid,
  placeholder,
  onChange,
  onBlur,
}: WidgetProps<BarcodeScannerConfig>) {
  const { t } = useTranslation(ns);
  const store = useContext(FormRuntimeContext);
  const [camera, setCamera] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const locked = disabled || !!readOnly;

  /** Takes one code: this field's value, then the fields the settings map its parts to. False when not taken. */
  const take = useCallback(
    (code: string): boolean => {
      onChange(code);
      const parsed = parsePayload(code, config);
      if (parsed.problem) {
        setNotice({ key: parsed.problem === 'json' ? 'notJson' : 'notGs1', intent: Intent.WARNING });
        return true;
      }
      let writes = parsed.values;
      if (config.continuous && store) {
        const row = nextRowWrites(store.compiled.def.fieldGroups, config.tableSection, store.values, writes, code);
        if (row.problem) {
          setNotice({ key: row.problem === 'full' ? 'tableFull' : 'noTable', intent: Intent.WARNING });
          return false;
        }
        writes = row.writes;
      }
      writeFields(store, name, writes);
      setNotice(
        parsed.missing.length
          ? { key: 'missing', params: { parts: parsed.missing.join(', ') }, intent: Intent.WARNING }
          : { key: 'read', params: { code }, intent: Intent.SUCCESS },
      );
      return true;
    },
    [config, store, name, onChange],
  );

  // A keyboard-wedge scanner ends its code with Enter: take it instead of submitting the form, and select it so the
  // next code replaces it.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const code = e.currentTarget.value;
    if (code && !locked) take(code);
    e.currentTarget.select();
  };

  const onPhoto = async (picked: File | undefined) => {
    if (!picked) return;
    setNotice({ key: 'reading', intent: Intent.NONE });
    try {
      const code = await (await loadDecoder()).decode(picked, config.formats);
      if (code) take(code);
      else setNotice({ key: 'noCodeInPhoto', intent: Intent.WARNING });
    } catch {
      setNotice({ key: 'decoderFailed', intent: Intent.DANGER });
    }
  };

  // The camera view closes; the message stays under the field, beside the photo and keyboard ways in.
  const onProblem = useCallback((p: CameraProblem) => {
    setCamera(false);
    setNotice({ key: p, intent: p === 'decoderFailed' ? Intent.DANGER : Intent.WARNING });
  }, []);
  const closeCamera = useCallback(() => setCamera(false), []);

  return (
    <div className="scanner-field">
      <ControlGroup className="scanner-controls">
        <input
          id={id}
          className={inputClass(invalid)}
          type="text"
          value={text(value)}
          disabled={disabled}
          readOnly={readOnly}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <Button
          icon="camera"
          text={t('scan')}
          aria-label={t('scanLabel')}
          disabled={locked}
          onClick={() => {
            setNotice(null);
            setCamera(true);
          }}
        />
        <Button
          icon="media"
          aria-label={t('photoLabel')}
          title={t('photoLabel')}
          disabled={locked}
          onClick={() => file.current?.click()}
        />
      </ControlGroup>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('photoLabel')}
        disabled={locked}
        onChange={(e) => {
          void onPhoto(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <p role="status" className={`scanner-notice${notice ? ` bp6-intent-${notice.intent}` : ''}`}>
        {notice ? t(notice.key, notice.params) : ''}
      </p>
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner
            formats={config.formats}
            continuous={config.continuous}
            onCode={take}
            onProblem={onProblem}
            onClose={closeCamera}
          />
        </Suspense>
      )}
    </div>
  );
});
