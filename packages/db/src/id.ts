// Server-generated ids: 24 lowercase hex chars laid out like a MongoDB ObjectId, so ids sort by
// creation time and look like the ids the original product exposed.
//   4 bytes  seconds since the epoch (big-endian)
//   5 bytes  random, fixed per process
//   3 bytes  counter, random start, +1 per id
// The counter makes ids from one process strictly increasing within the same second too.

const PROCESS_RANDOM = toHex(globalThis.crypto.getRandomValues(new Uint8Array(5)));
const COUNTER_MAX = 0xffffff;
let counter = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! & 0x7fffff;

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** A new time-ordered id: `/^[0-9a-f]{24}$/`. */
export function newId(date: Date = new Date()): string {
  const seconds = Math.floor(date.getTime() / 1000) >>> 0;
  counter = counter >= COUNTER_MAX ? 0 : counter + 1;
  return seconds.toString(16).padStart(8, '0') + PROCESS_RANDOM + counter.toString(16).padStart(6, '0');
}

/** The creation time encoded in an id made by `newId` (second precision). */
export function idTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
