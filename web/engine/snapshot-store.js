// Where the engine's memory snapshot lives between visits: one file in the
// site's origin private file system (OPFS), read and written through a sync
// access handle, which only a dedicated worker has (the engine's and the
// snapshot maker's). The whole file is read in one call on the worker's own
// thread, with no round trip through the browser's storage process: 13 MB in
// 10-40 ms, where IndexedDB's Blob took 270 ms on a return visit while the
// service worker served the page's modules (see docs/architecture.md).
//
// The file: "CGS1", the length of the header (Uint32, little-endian), the
// header as JSON ({build, size, pages, sha256, made}), then the numbers of the
// 4 KiB pages kept (Uint32) and those pages, in order: the memory without its
// empty pages (more than half of Pyodide's memory is zeros). The sha256 covers
// the page numbers and the pages, so damaged or half-written bytes are never
// restored. Any failure here only means a normal boot.

const NAME = "engine-snapshot";
const MAGIC = [0x43, 0x47, 0x53, 0x31]; // "CGS1"
const OLD_DB = "cardgarden-engine"; // IndexedDB, where earlier builds kept it: deleted when this one writes
export const PAGE = 4096;

/** Whether this worker can keep a snapshot: OPFS with sync access handles. */
export function canKeep() {
  return typeof navigator === "object" && typeof navigator.storage?.getDirectory === "function" &&
    typeof FileSystemFileHandle === "function" && "createSyncAccessHandle" in FileSystemFileHandle.prototype;
}

async function file(create = false) {
  const root = await navigator.storage.getDirectory();
  try {
    return await root.getFileHandle(NAME, { create });
  } catch (err) {
    if (err?.name === "NotFoundError") return null;
    throw err;
  }
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

/** The header and the body (page numbers and pages) of a snapshot file's bytes, or null. */
function parse(data) {
  if (data.byteLength < 8 || MAGIC.some((b, i) => data[i] !== b)) return null;
  const length = new DataView(data.buffer, data.byteOffset).getUint32(4, true);
  if (8 + length > data.byteLength) return null;
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(data.subarray(8, 8 + length)));
  } catch {
    return null;
  }
  if (!meta || typeof meta.build !== "string" || !Number.isInteger(meta.size) || !Number.isInteger(meta.pages)) {
    return null;
  }
  return { meta, body: data.subarray(8 + length) };
}

/**
 * What is stored: null when there is none (or another tab holds the file this
 * moment), else {build, size, memory(build, timings)}. The file is read at
 * once; memory() checks it against the build and its sha256 and resolves with
 * the whole memory, or rejects with an Error whose `refused` is "other-build"
 * or "damaged" (the file is deleted then). `timings.read` gets the ms the
 * read took, `timings.check` those of the check.
 */
export async function lookupSnapshot() {
  const t = performance.now();
  const handle = await file();
  if (!handle) return null;
  let data;
  let access;
  try {
    access = await handle.createSyncAccessHandle();
  } catch (err) {
    if (err?.name === "NoModificationAllowedError") return null; // another tab reads or writes it now
    throw err;
  }
  try {
    data = new Uint8Array(access.getSize());
    access.read(data, { at: 0 });
  } finally {
    access.close();
  }
  const read = performance.now() - t;
  const parsed = parse(data);
  if (!parsed) {
    await deleteSnapshot().catch(() => {});
    return null;
  }
  const { meta, body } = parsed;
  return {
    build: meta.build,
    size: meta.size,
    memory: async (build, timings = {}) => {
      timings.read = read;
      return checkMemory(meta, body, build, timings);
    },
  };
}

function refusal(why) {
  const err = new Error(`the stored snapshot is ${why === "other-build" ? "of another build" : "damaged"}`);
  err.refused = why;
  return err;
}

async function checkMemory(meta, body, build, timings) {
  if (meta.build !== build) {
    await deleteSnapshot().catch(() => {});
    throw refusal("other-build");
  }
  const t = performance.now();
  const listed = meta.pages * 4;
  const ok = body.byteLength === listed + meta.pages * PAGE && (await sha256(body)) === meta.sha256;
  if (!ok) {
    await deleteSnapshot().catch(() => {});
    throw refusal("damaged");
  }
  const pages = new Uint32Array(body.slice(0, listed).buffer); // a copy: the body need not be aligned
  const memory = unpack(body.subarray(listed), pages, meta.size);
  timings.check = performance.now() - t;
  return memory;
}

/** Keep `memory` as this build's snapshot (and drop the IndexedDB copy earlier builds kept). */
export async function writeSnapshot(build, memory) {
  const { bytes, pages } = pack(memory);
  const pageBytes = new Uint8Array(pages.buffer);
  const meta = { build, size: memory.byteLength, pages: pages.length, sha256: await sha256(pageBytes, bytes),
    made: new Date().toISOString() };
  const header = new TextEncoder().encode(JSON.stringify(meta));
  const start = new Uint8Array(8);
  start.set(MAGIC);
  new DataView(start.buffer).setUint32(4, header.byteLength, true);
  const access = await (await file(true)).createSyncAccessHandle();
  try {
    access.truncate(0);
    let at = 0;
    for (const part of [start, header, pageBytes, bytes]) at += access.write(part, { at });
    access.flush();
  } finally {
    access.close();
  }
  try {
    indexedDB.deleteDatabase(OLD_DB);
  } catch {
    // no IndexedDB here: nothing of an earlier build to drop
  }
}

export async function deleteSnapshot() {
  const root = await navigator.storage.getDirectory();
  try {
    await root.removeEntry(NAME);
  } catch (err) {
    if (err?.name !== "NotFoundError") throw err;
  }
}
