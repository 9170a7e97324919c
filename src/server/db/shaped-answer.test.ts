import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  answerMemory,
  arenaSide,
  createArena,
  freeSlot,
  fromArena,
  postShaped,
  useArena,
  type AnswerRoom,
  type ArenaPlace,
} from './shaped-answer.mjs';

interface Posted {
  id: number;
  rows: { bytes?: Uint8Array; room: AnswerRoom };
  at?: ArenaPlace;
}

const received = (port: MessagePort) => new Promise<Posted>((r) => port.once('message', r));

describe('answers written into a reader thread’s arena', () => {
  it('take free slots in turn, fall back to a buffer of their own when none is free or the answer is too big', () => {
    const arena = createArena(3, 1024);
    useArena(arena);
    const taken = [answerMemory(100), answerMemory(1024), answerMemory(10)];
    for (const [i, m] of taken.entries()) {
      expect(m.buffer).toBe(arena.memory);
      expect(m.byteOffset).toBe(i * 1024);
    }
    for (const m of [answerMemory(10), answerMemory(1025)]) {
      expect(m.buffer).toBeInstanceOf(ArrayBuffer);
      expect(m.buffer.byteLength).toBe(m.length);
    }
    // The server frees the middle slot: it is the one taken next.
    freeSlot(arenaSide(arena), 1);
    expect(answerMemory(50).byteOffset).toBe(1024);
  });

  it('cross to the server by their slot, nothing copied or moved, and are freed once by their release', async () => {
    const arena = createArena(2, 1024);
    useArena(arena);
    const memory = answerMemory(40);
    memory.write('##[1,2]##');
    const answer = { count: 2, bytes: memory.subarray(2, 7), room: { start: memory.byteOffset, end: 40 } };
    const { port1, port2 } = new MessageChannel();
    try {
      postShaped(port1, 7, answer);
      const m = await received(port2);
      expect(m.rows.bytes).toBeUndefined();
      const side = arenaSide(arena);
      const rows = fromArena(m.rows, side, m.at!);
      expect(Buffer.from(rows.bytes).toString()).toBe('[1,2]');
      expect(rows.bytes.buffer).toBe(arena.memory);
      expect(rows.room).toMatchObject({ start: 0, end: 40 });
      expect(Atomics.load(side.taken, 0)).toBe(1);
      rows.room.release!();
      rows.room.release!();
      expect(Atomics.load(side.taken, 0)).toBe(0);
      // Taken again by the next answer, while another answer's slot stayed taken.
      answerMemory(10);
      expect(Atomics.load(side.taken, 1)).toBe(1);
      expect(answerMemory(10).byteOffset).toBe(0);
    } finally {
      port1.close();
    }
  });

  it('move a buffer of their own instead (the sender keeps nothing of it)', async () => {
    useArena(createArena(1, 16));
    const own = answerMemory(64);
    own.write('[3]');
    const { port1, port2 } = new MessageChannel();
    try {
      postShaped(port1, 8, { count: 1, bytes: own.subarray(0, 3), room: { start: 0, end: 64 } });
      const m = await received(port2);
      expect(m.at).toBeUndefined();
      expect(Buffer.from(m.rows.bytes!).toString()).toBe('[3]');
      expect(own.buffer.byteLength).toBe(0);
    } finally {
      port1.close();
    }
  });
});
