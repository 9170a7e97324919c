import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { FileSource } from '../../../runtime/react/field-data';
import type { SignatureConfig, SignatureValue } from './manifest';
import { SIGNATURE_PNG } from './manifest';
import { fits, pen, sameStrokes, toPointGroups, toStroke, type Drawing } from './strokes';
import { NS, SignedCaption, isSignature } from './SignatureImage';

/** Width of the stored PNG: the same image whatever screen it was drawn on. */
export const EXPORT_WIDTH = 600;
/** Pause after a stroke before the PNG is made and uploaded (a signature is several strokes). */
export const COMMIT_DELAY_MS = 500;

type Pad = SignaturePad;

const backgroundOf = (c: SignatureConfig) => (c.background === 'white' ? 'rgb(255,255,255)' : 'rgba(0,0,0,0)');

const drawingOf = (v: unknown, height: number): Drawing =>
  isSignature(v) ? { strokes: v.strokes, width: v.width, height: v.height } : { strokes: [], width: 0, height };

/** Paints the drawing onto a pad whose context is already scaled to CSS pixels, `scale` times the drawing's size. */
function paint(pad: Pad, canvas: HTMLCanvasElement, d: Drawing, scale: number, penColor: string) {
  const ctx = canvas.getContext('2d')!;
  // Clearing under the identity transform covers the whole bitmap, whatever the pixel ratio.
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  pad.clear();
  ctx.restore();
  pad.fromData(toPointGroups(d.strokes, scale, pen(penColor)), { clear: false });
}

/** The drawing as a PNG EXPORT_WIDTH pixels wide, on the configured background. */
function renderPng(d: Drawing, c: SignatureConfig): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const scale = EXPORT_WIDTH / d.width;
  canvas.width = EXPORT_WIDTH;
  canvas.height = Math.max(1, Math.round(d.height * scale));
  const pad = new SignaturePad(canvas, { backgroundColor: backgroundOf(c) });
  pad.off();
  canvas.getContext('2d')!.scale(scale, scale);
  pad.fromData(toPointGroups(d.strokes, 1, pen(c.penColor)), { clear: false });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The signature could not be rendered'))), SIGNATURE_PNG),
  );
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string } | { kind: 'full' };

/**
 * The drawing pad (loaded lazily with signature_pad, in its own chunk). The strokes are the truth: the canvas is sized for the screen's pixel ratio and repainted from
 * them whenever its width or the ratio changes (never cleared or stretched), and the PNG is made from them.
 */
export function SignaturePadField({
  id,
  name,
  value,
  config,
  disabled,
  invalid,
  onChange,
  onBlur,
  files,
}: WidgetProps<SignatureConfig> & { files?: FileSource }) {
  const { t } = useTranslation(NS);
  const locked = disabled || !files;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<Pad | null>(null);
  const drawing = useRef<Drawing>(drawingOf(value, config.height));
  /** Pad CSS width / drawing width. */
  const scale = useRef(1);
  /** Bumped by every change of the drawing: an upload for an older drawing is thrown away. */
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const upload = useRef<AbortController | undefined>(undefined);
  const [strokes, setStrokes] = useState(drawing.current.strokes.length);
  const [padHeight, setPadHeight] = useState(config.height);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const latest = useRef({ config, onChange, onBlur, files, field: name ?? id });
  latest.current = { config, onChange, onBlur, files, field: name ?? id };

  /** Sizes the bitmap for the pixel ratio and repaints; with a drawing, the pad keeps its proportions. */
  const layout = useCallback(() => {
    const p = pad.current;
    const c = canvas.current;
    const width = c?.clientWidth ?? 0;
    if (!p || !c || !width) return;
    const d = drawing.current;
    const { height: configured, penColor } = latest.current.config;
    if (!d.strokes.length) Object.assign(d, { width, height: configured });
    scale.current = width / d.width;
    const height = Math.round(d.height * scale.current);
    const ratio = window.devicePixelRatio || 1;
    c.style.height = `${height}px`;
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    c.getContext('2d')!.scale(ratio, ratio);
    setPadHeight(height);
    paint(p, c, d, scale.current, penColor);
  }, []);

  const cancelPending = () => {
    generation.current += 1;
    clearTimeout(timer.current);
    upload.current?.abort();
  };

  /** Makes the PNG of the drawing as it is now, uploads it and hands the field its new value. */
  const commit = useCallback(async () => {
    const { config: c, files: f, field, onChange: change, onBlur: blur } = latest.current;
    const d = { ...drawing.current, strokes: drawing.current.strokes.slice() };
    if (!f || !d.strokes.length) return;
    const gen = generation.current;
    const ac = new AbortController();
    upload.current = ac;
    setStatus({ kind: 'saving' });
    try {
      const png = await renderPng(d, c);
      const file = await f.upload({ field, file: png, fileName: 'signature.png' }, { signal: ac.signal });
      if (gen !== generation.current) {
        // Drawn on meanwhile: this upload never reached the record.
        void f.discard(file.key).catch(() => undefined);
        return;
      }
      const next: SignatureValue = { ...file, strokes: d.strokes, width: d.width, height: d.height };
      change(next);
      blur();
      setStatus({ kind: 'idle' });
    } catch (err) {
      if (ac.signal.aborted || gen !== generation.current) return;
      setStatus({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  // One pad per canvas, following the pen settings; drawing is off while the field is locked.
  useEffect(() => {
    const c = canvas.current;
    // Without a 2D context (tests without a canvas) there is nothing to draw on.
    if (!c || !c.getContext('2d')) return;
    const p = new SignaturePad(c, { backgroundColor: backgroundOf(config), ...pen(config.penColor) });
    const onBegin = () => {
      cancelPending();
      setStatus({ kind: 'idle' });
    };
    const onEnd = () => {
      const group = p.toData().at(-1);
      if (!group) return;
      const d = drawing.current;
      const stroke = toStroke(group, scale.current, d);
      if (!fits(d.strokes, stroke.length)) {
        paint(p, c, d, scale.current, latest.current.config.penColor);
        setStatus({ kind: 'full' });
        return;
      }
      d.strokes = [...d.strokes, stroke];
      setStrokes(d.strokes.length);
      timer.current = setTimeout(() => void commit(), COMMIT_DELAY_MS);
    };
    pad.current = p;
    p.addEventListener('beginStroke', onBegin);
    p.addEventListener('endStroke', onEnd);
    if (locked) p.off();
    layout();
    return () => {
      p.off();
      p.removeEventListener('beginStroke', onBegin);
      p.removeEventListener('endStroke', onEnd);
      pad.current = null;
    };
  }, [config, locked, layout, commit]);

  // Repaint from the strokes when the width changes (window, panel, rotation) or the pixel ratio does (zoom,
  // another screen): the bitmap is re-made at the new size, so the ink stays sharp and nothing is lost.
  useEffect(() => {
    const b = box.current;
    if (!b || typeof ResizeObserver === 'undefined') return;
    let width = b.clientWidth;
    const ro = new ResizeObserver(() => {
      if (b.clientWidth === width) return;
      width = b.clientWidth;
      layout();
    });
    ro.observe(b);
    let mq: MediaQueryList | undefined;
    const onRatio = () => {
      mq?.removeEventListener('change', onRatio);
      mq = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      mq.addEventListener('change', onRatio);
      layout();
    };
    mq = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`);
    mq?.addEventListener('change', onRatio);
    return () => {
      ro.disconnect();
      mq?.removeEventListener('change', onRatio);
    };
  }, [layout]);

  // A value from outside (a reload, another step's save) replaces the drawing; our own value comes back unchanged.
  useEffect(() => {
    if (sameStrokes(isSignature(value) ? value.strokes : [], drawing.current.strokes)) return;
    cancelPending();
    drawing.current = drawingOf(value, latest.current.config.height);
    setStrokes(drawing.current.strokes.length);
    layout();
  }, [value, layout]);

  useEffect(() => () => cancelPending(), []);

  const change = (d: Drawing) => {
    cancelPending();
    drawing.current = d;
    setStrokes(d.strokes.length);
    setStatus({ kind: 'idle' });
  };

  const undo = () => {
    const d = drawing.current;
    change({ ...d, strokes: d.strokes.slice(0, -1) });
    if (!drawing.current.strokes.length) {
      onChange(null);
      layout();
      return;
    }
    if (pad.current && canvas.current)
      paint(pad.current, canvas.current, drawing.current, scale.current, config.penColor);
    timer.current = setTimeout(() => void commit(), COMMIT_DELAY_MS);
  };

  const clear = () => {
    change({ strokes: [], width: 0, height: config.height });
    onChange(null);
    onBlur();
    layout();
  };

  return (
    <div className={`signature${invalid ? ' signature-invalid' : ''}${locked ? ' signature-locked' : ''}`}>
      <div ref={box} className="signature-box">
        <canvas
          ref={canvas}
          id={id}
          role="img"
          aria-label={t('padLabel')}
          aria-disabled={locked || undefined}
          className={`signature-pad signature-bg-${config.background}`}
          style={{ height: padHeight }}
        />
        {!strokes && <span className="signature-hint">{t('hint')}</span>}
      </div>
      <div className="signature-actions">
        <Button
          small
          icon="undo"
          text={t('undo')}
          aria-label={t('undoLabel')}
          disabled={locked || !strokes}
          onClick={undo}
        />
        <Button
          small
          icon="eraser"
          text={t('clear')}
          aria-label={t('clearLabel')}
          disabled={locked || !strokes}
          onClick={clear}
        />
        <span className="signature-status" aria-live="polite">
          {status.kind === 'saving' && t('saving')}
          {status.kind === 'full' && t('full')}
          {status.kind === 'failed' && (
            <>
              <span className="signature-error">{t('saveFailed', { message: status.message })}</span>{' '}
              <Button small minimal intent={Intent.PRIMARY} text={t('retry')} onClick={() => void commit()} />
            </>
          )}
        </span>
      </div>
      {isSignature(value) && sameStrokes(value.strokes, drawing.current.strokes) && <SignedCaption value={value} />}
    </div>
  );
}
