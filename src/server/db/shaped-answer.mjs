// How a reader thread hands a shaped answer's bytes to the server's thread (reader-threads.ts `shaped`). Plain
// JavaScript, like the readers.
import { Buffer } from 'node:buffer';

/**
 * An arena: memory shared by the server's thread and one reader thread, in slots the reader writes answers into
 * and the server sends from. A buffer moved from a reader instead becomes memory outside V8's heap on the server's
 * thread, counted as young: every 32 MB of it started a scavenge there (often two in a row, the second moving the
 * requests in flight to the old generation), so under a load of list pages the server scavenged every ~450 ms and
 * ran a full collection every second. Views of one shared buffer are not such memory. A slot is free (0) or taken
 * (1): only the reader takes one, only the server frees it, once the answer written from it has left.
 */
export const ARENA_SLOTS = 64;
export const ARENA_SLOT_BYTES = 128 * 1024;

/** A new arena; the server's thread makes it and gives it to the reader thread it starts. */
export function createArena(slots = ARENA_SLOTS, slotBytes = ARENA_SLOT_BYTES) {
  return { memory: new SharedArrayBuffer(slots * slotBytes), states: new SharedArrayBuffer(slots * 4), slotBytes };
}

/** This reader thread's arena, once it has one (useArena). */
let mine;

/** Makes answerMemory take slots of `arena` (a reader thread, at its start). */
export function useArena(arena) {
  mine = { ...arena, bytes: Buffer.from(arena.memory), taken: new Int32Array(arena.states), next: 0 };
}

/**
 * Memory for an answer of `size` bytes: a free slot of this thread's arena when it has one and the answer fits,
 * otherwise a buffer of its own (never Buffer's shared pool, as the answer may be written around the bytes in it).
 */
export function answerMemory(size) {
  const slots = mine && size <= mine.slotBytes ? mine.taken.length : 0;
  for (let k = 0; k < slots; k++) {
    const i = (mine.next + k) % slots;
    if (Atomics.load(mine.taken, i) !== 0) continue;
    Atomics.store(mine.taken, i, 1);
    mine.next = (i + 1) % slots;
    return mine.bytes.subarray(i * mine.slotBytes, i * mine.slotBytes + size);
  }
  return Buffer.allocUnsafeSlow(size);
}

/**
 * Sends `answer` for job `id`. Its `bytes`, when it has them, view memory from answerMemory, of which its `room`
 * ({ start, end } in that memory) is the answer's: a slot of the arena is named by its number (nothing copied), a
 * buffer of its own is moved rather than copied. Either way the server gets the bytes without an allocation and a
 * copy of its own, and may write the rest of its answer around them within the room.
 */
export function postShaped(port, id, answer) {
  const bytes = answer?.bytes;
  if (!(bytes instanceof Uint8Array)) return port.postMessage({ id, rows: answer });
  if (mine && bytes.buffer === mine.memory) {
    const at = { offset: bytes.byteOffset, length: bytes.length, slot: Math.floor(answer.room.start / mine.slotBytes) };
    return port.postMessage({ id, rows: { ...answer, bytes: undefined }, at });
  }
  port.postMessage({ id, rows: answer }, [bytes.buffer]);
}

/** The server's side of an arena: its memory and its slots' states. */
export function arenaSide(arena) {
  return { memory: arena.memory, taken: new Int32Array(arena.states) };
}

/** Frees a slot of the arena (the server's thread only): the reader may write its next answer there. */
export function freeSlot(side, slot) {
  Atomics.store(side.taken, slot, 0);
}

/**
 * The server's side: `rows` as sent from a slot (`at`), with their bytes viewing it again and a room whose `release`
 * frees the slot. Call it once the answer written from the bytes has left, or once they were copied.
 */
export function fromArena(rows, side, at) {
  let freed = false;
  const release = () => {
    if (!freed) freeSlot(side, at.slot);
    freed = true;
  };
  return { ...rows, bytes: Buffer.from(side.memory, at.offset, at.length), room: { ...rows.room, release } };
}
