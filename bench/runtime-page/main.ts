// Bench page: ?mode=bare|ours&n=300 (&images=20: ours with 20 stored pictures on screen). Each mode is its own chunk, so bare rjsf never loads Blueprint or our code.
declare global {
  interface Window {
    __bench?: { firstRenderMs: number; fromNavigationMs: number; fields: number; compileMs?: number; loadMs?: number };
  }
}

const q = new URLSearchParams(location.search);
const n = Number(q.get('n') ?? 300);
const mount = q.get('mode') === 'bare' ? import('./bare') : import('./ours');
const images = Number(q.get('images') ?? 0);
void mount.then((m) => m.mount(document.getElementById('root')!, n, images));

export {};
