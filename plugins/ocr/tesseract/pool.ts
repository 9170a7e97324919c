import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, type Page, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** Tesseract's language codes for the web app's languages. */
export const TESSERACT_LANG: Record<string, string> = {
  en: 'eng',
  de: 'deu',
  es: 'spa',
  fr: 'fra',
  ja: 'jpn',
  zh: 'chi_sim',
};

/** The bundled traineddata folder of a language (the fast "best_int" models of @tesseract.js-data/<lang>). */
function langDir(lang: string): string {
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');
}

export interface PoolOptions {
  /** Workers at most (each a thread with its own WebAssembly heap). */
  size: number;
  /** A worker is replaced after this many pages: tesseract.js's heap only grows (tesseract.js #977). */
  recycleAfter: number;
  /** Jobs waiting at most; more are refused at once. */
  maxQueue: number;
  /** One page may take this long; then its worker is ended and the page fails. */
  timeoutMs: number;
}

interface Slot {
  worker: Promise<Worker>;
  lang: string;
  pages: number;
  busy: boolean;
}

interface Job {
  image: Buffer;
  lang: string;
  resolve: (p: Page) => void;
  reject: (e: Error) => void;
}

/**
 * A bounded pool of tesseract.js workers: at most `size` run at once, the rest wait in a queue of `maxQueue`. A
 * worker reads one language; a job for another language (or a worker past `recycleAfter` pages) gets a fresh one.
 */
export class TesseractPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private closed = false;
  /** Workers started over the pool's life (the bench and tests read it to see recycling happen). */
  started = 0;

  constructor(readonly opts: PoolOptions) {}

  recognize(image: Buffer, lang: string): Promise<Page> {
    if (this.closed) return Promise.reject(new Error('The OCR engine is shutting down.'));
    if (this.queue.length >= this.opts.maxQueue)
      return Promise.reject(new Error('The OCR engine is busy; try again in a minute.'));
    return new Promise<Page>((resolve, reject) => {
      this.queue.push({ image, lang, resolve, reject });
      this.pump();
    });
  }

  get waiting(): number {
    return this.queue.length;
  }

  private spawn(lang: string): Slot {
    this.started++;
    const worker = createWorker(lang, 1, {
      langPath: langDir(lang),
      gzip: true,
      // Read the bundled file every time and write no cache copy anywhere (the default writes into the cwd).
      cacheMethod: 'none',
      cachePath: os.tmpdir(),
      // The job's promise carries the failure; without a handler tesseract.js also throws it out of an event.
      errorHandler: () => undefined,
    });
    return { worker, lang, pages: 0, busy: false };
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.opts.size) {
        slot = this.spawn(this.queue[0]!.lang);
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift()!;
      if (slot.lang !== job.lang || slot.pages >= this.opts.recycleAfter) slot = this.replace(slot, job.lang);
      void this.run(slot, job);
    }
  }

  private replace(old: Slot, lang: string): Slot {
    void old.worker.then((w) => w.terminate()).catch(() => undefined);
    const fresh = this.spawn(lang);
    this.slots[this.slots.indexOf(old)] = fresh;
    return fresh;
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    slot.busy = true;
    slot.pages++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const worker = await slot.worker;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Reading the page took too long.')), this.opts.timeoutMs);
      });
      const { data } = await Promise.race([worker.recognize(job.image, {}, { text: true, blocks: true }), timeout]);
      job.resolve(data);
    } catch (err) {
      // A worker that failed or timed out may be stuck or broken: never hand it another page.
      slot.pages = Number.POSITIVE_INFINITY;
      const message = err instanceof Error ? err.message : String(err);
      job.reject(new Error(/read image/i.test(message) ? 'The image could not be read.' : message));
    } finally {
      clearTimeout(timer);
      slot.busy = false;
      if (this.closed) void slot.worker.then((w) => w.terminate()).catch(() => undefined);
      else if (slot.pages === Number.POSITIVE_INFINITY) this.retire(slot);
      this.pump();
    }
  }

  private retire(slot: Slot): void {
    void slot.worker.then((w) => w.terminate()).catch(() => undefined);
    this.slots = this.slots.filter((s) => s !== slot);
  }

  /** Refuses what waits and ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The OCR engine is shutting down.'));
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.then((w) => w.terminate()).catch(() => undefined)));
  }
}
