import type { MessagePort } from 'node:worker_threads';

/** Memory shared by the server's thread and one reader thread (shaped-answer.mjs). */
export interface Arena {
  memory: SharedArrayBuffer;
  states: SharedArrayBuffer;
  slotBytes: number;
}

/** The server's side of an arena. */
export interface ArenaSide {
  memory: SharedArrayBuffer;
  taken: Int32Array;
}

/** Where an answer's bytes were written: a slot of the reader's arena. */
export interface ArenaPlace {
  slot: number;
  offset: number;
  length: number;
}

/**
 * The part of an answer's memory that is the answer's (offsets in the buffer its bytes view): the rest of the answer
 * may be written around the bytes within it. `release`, when given, must be called once the answer written there has
 * left (or was copied): the memory is then reused.
 */
export interface AnswerRoom {
  start: number;
  end: number;
  release?: () => void;
}

export const ARENA_SLOTS: number;
export const ARENA_SLOT_BYTES: number;
export function createArena(slots?: number, slotBytes?: number): Arena;
export function useArena(arena: Arena): void;
export function answerMemory(size: number): Buffer;
export function postShaped(port: MessagePort, id: number, answer: unknown): void;
export function arenaSide(arena: Arena): ArenaSide;
export function freeSlot(side: ArenaSide, slot: number): void;
export function fromArena<R extends { room: AnswerRoom }>(
  rows: R,
  side: ArenaSide,
  at: ArenaPlace,
): R & { bytes: Buffer };
