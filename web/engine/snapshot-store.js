// Where the engine's memory snapshot lives between visits: IndexedDB, two
// records written in one transaction. "meta" is small ({build, size, pages,
// sha256}); "bytes" is a Blob of the memory without its empty pages (more
// than half of Pyodide's memory is zeros): the numbers of the 4 KiB pages kept
// (Uint32), then those pages, in order. Both are asked for as the boot
// begins; the small one answers at once, and the Blob's bytes are read off
// the worker's thread while Pyodide's files load. The sha256 covers the whole
// Blob, so damaged bytes are never restored. Any failure here only means a
// normal boot.

const DB = "cardgarden-engine";
const STORE = "snapshots";
const META = "meta";
const BYTES = "bytes";
const OLD = "engine"; // the single record of earlier builds: deleted on sight
export const PAGE = 4096;

let opened = null;
function open() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((err) => {
    opened = null; // a later call may try again
    throw err;
  });
  return opened;
}

async function transact(mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
  });
}

export async function sha256(...parts) {
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += part.byteLength;
  }
  const hash = await crypto.subtle.digest("SHA-256", joined);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The memory without its all-zero pages: {bytes, pages} (pages: the kept pages' numbers). */
export function pack(memory) {
  const count = Math.ceil(memory.byteLength / PAGE);
  const kept = [];
  for (let page = 0; page < count; page++) {
    const end = Math.min(memory.byteLength, page * PAGE + PAGE);
    for (let i = page * PAGE; i < end; i++) {
      if (memory[i] !== 0) {
        kept.push(page);
        break;
      }
    }
  }
  const bytes = new Uint8Array(kept.length * PAGE); // a last partial page is kept whole, zeros after the end
  kept.forEach((page, i) => bytes.set(memory.subarray(page * PAGE, Math.min(page * PAGE + PAGE, memory.byteLength)), i * PAGE));
  return { bytes, pages: Uint32Array.from(kept) };
}

/** The memory again, `size` bytes: the kept pages in place, zeros elsewhere. */
export function unpack(bytes, pages, size) {
  const memory = new Uint8Array(size);
  if (bytes.byteLength !== pages.length * PAGE) throw new Error("the snapshot's pages do not match its bytes");
  pages.forEach((page, i) => {
    const at = page * PAGE;
    if (!(at < size)) throw new Error("a snapshot page lies outside its memory");
    memory.set(bytes.subarray(i * PAGE, i * PAGE + Math.min(PAGE, size - at)), at);
  });
  return memory;
}

/**
 * What is stored: null when there is none (a record of an earlier layout is
 * deleted), else {build, size, memory(build, timings)}, as soon as the small
 * record is read; the bytes go on arriving. memory() checks them against the
 * build and their sha256 and resolves with the whole memory, or rejects with
 * an Error whose `refused` is "other-build" or "damaged" (the records are
 * deleted then). `timings.read` gets the ms until the bytes were here,
 * `timings.check` those of the check.
 */
export async function lookupSnapshot() {
  const t = performance.now();
  let read = null;
  const bytes = transact("readonly", (store) => store.get(BYTES)).then(async (blob) => {
    const data = blob instanceof Blob ? new Uint8Array(await blob.arrayBuffer()) : null;
    read = performance.now() - t;
    return data;
  });
  bytes.catch(() => {}); // awaited by memory(); a failure there means a normal boot
  const [meta, old] = await transact("readonly", (store) => {
    const got = [store.get(META), store.getKey(OLD)];
    return { get result() { return got.map((request) => request.result); } };
  });
  if (old !== undefined) await transact("readwrite", (store) => store.delete(OLD)).catch(() => {});
  if (!meta || typeof meta.build !== "string" || !Number.isInteger(meta.size) || !Number.isInteger(meta.pages)) {
    return null;
  }
  return {
    build: meta.build,
    size: meta.size,
    memory: async (build, timings = {}) => {
      const memory = await checkMemory(meta, bytes, build, timings);
      timings.read = read;
      return memory;
    },
  };
}

function refusal(why) {
  const err = new Error(`the stored snapshot is ${why === "other-build" ? "of another build" : "damaged"}`);
  err.refused = why;
  return err;
}

async function checkMemory(meta, bytes, build, timings) {
  if (meta.build !== build) {
    await deleteSnapshot().catch(() => {});
    throw refusal("other-build");
  }
  const data = await bytes.catch(() => null);
  const t = performance.now();
  const listed = meta.pages * 4;
  const ok = data && data.byteLength === listed + meta.pages * PAGE && (await sha256(data)) === meta.sha256;
  if (!ok) {
    await deleteSnapshot().catch(() => {});
    throw refusal("damaged");
  }
  const memory = unpack(data.subarray(listed), new Uint32Array(data.buffer, data.byteOffset, meta.pages), meta.size);
  timings.check = performance.now() - t;
  return memory;
}

/** Keep `memory` as this build's snapshot. */
export async function writeSnapshot(build, memory) {
  const { bytes, pages } = pack(memory);
  const meta = { build, size: memory.byteLength, pages: pages.length, sha256: await sha256(pages, bytes),
    made: new Date().toISOString() };
  const blob = new Blob([pages, bytes]);
  await transact("readwrite", (store) => {
    store.put(blob, BYTES);
    return store.put(meta, META);
  });
}

export async function deleteSnapshot() {
  await transact("readwrite", (store) => {
    store.delete(META);
    store.delete(OLD);
    return store.delete(BYTES);
  });
}
