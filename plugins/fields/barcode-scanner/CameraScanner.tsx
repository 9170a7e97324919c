import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScanFormat } from './manifest';

const ns = 'field.barcode-scanner';
/** Frames looked at per second: enough to feel instant, little enough for a phone. */
const FRAME_MS = 250;
/** A code held in front of the camera is read many times; continuous scanning counts it once in this time. */
const REPEAT_MS = 2000;
/** Frames are scaled down to this width before decoding. */
const MAX_WIDTH = 800;

export type CameraProblem = 'cameraDenied' | 'noCamera' | 'decoderFailed';

interface Props {
  formats: readonly ScanFormat[];
  continuous: boolean;
  /** A code was read; answers whether it was taken (continuous scanning stops when a table is full). */
  onCode(text: string): boolean;
  onProblem(problem: CameraProblem): void;
  onClose(): void;
}

const loadDecoder = () => import('./decode');

/** The camera view: frames go to the decoder a few times a second; the stream stops when closed or done. */
export function CameraScanner({ formats, continuous, onCode, onProblem, onClose }: Props) {
  const { t } = useTranslation(ns);
  const video = useRef<HTMLVideoElement>(null);
  const [count, setCount] = useState(0);
  const [live, setLive] = useState(false);
  // The latest callbacks, so the camera is not restarted when the form re-renders the widget.
  const handlers = useRef({ onCode, onProblem, onClose });
  handlers.current = { onCode, onProblem, onClose };

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let busy = false;
    let last = { text: '', at: 0 };
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const fail = (p: CameraProblem) => {
      stop();
      handlers.current.onProblem(p);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return fail('noCamera');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        const name = (err as { name?: string }).name;
        return fail(name === 'NotAllowedError' || name === 'SecurityError' ? 'cameraDenied' : 'noCamera');
      }
      if (stopped) return stop();
      let decoder: Awaited<ReturnType<typeof loadDecoder>>;
      try {
        decoder = await loadDecoder();
      } catch {
        return fail('decoderFailed');
      }
      const v = video.current;
      if (stopped || !v) return stop();
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      setLive(true);
      timer = setInterval(async () => {
        if (busy || stopped || v.readyState < 2 || !v.videoWidth) return;
        busy = true;
        try {
          const scale = Math.min(1, MAX_WIDTH / v.videoWidth);
          canvas.width = Math.round(v.videoWidth * scale);
          canvas.height = Math.round(v.videoHeight * scale);
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          if (!ctx) return;
          ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
          const text = await decoder.decode(ctx.getImageData(0, 0, canvas.width, canvas.height), formats);
          if (!text || stopped) return;
          const now = Date.now();
          if (continuous && text === last.text && now - last.at < REPEAT_MS) return;
          last = { text, at: now };
          const taken = handlers.current.onCode(text);
          if (!continuous || !taken) {
            stop();
            handlers.current.onClose();
          } else setCount((n) => n + 1);
        } catch {
          fail('decoderFailed');
        } finally {
          busy = false;
        }
      }, FRAME_MS);
    })();
    return stop;
  }, [formats, continuous]);

  return (
    <Dialog isOpen onClose={onClose} title={t('scanTitle')} icon="camera" className="scanner-dialog">
      <DialogBody>
        <video ref={video} className="scanner-video" muted playsInline aria-label={t('cameraView')} />
        <p role="status" className="scanner-status">
          {!live ? t('starting') : continuous ? t('scannedCount', { count }) : t('pointCamera')}
        </p>
      </DialogBody>
      <DialogFooter actions={<Button text={continuous ? t('done') : t('cancel')} onClick={onClose} />} />
    </Dialog>
  );
}
