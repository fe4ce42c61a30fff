// Where the engine's memory snapshot lives between visits: one IndexedDB
// record, keyed by the exact build, with the snapshot's sha256 so damaged
// bytes are never restored. Any failure here only means a normal boot.

const DB = "cardgarden-engine";
const STORE = "snapshots";
const KEY = "engine";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"));
    });
  } finally {
    db.close();
  }
}

export async function sha256(bytes) {
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The stored snapshot of this build, checked, or null (a record of another build is deleted). */
export async function readSnapshot(build) {
  const record = await transact("readonly", (store) => store.get(KEY));
  if (!record) return null;
  if (record.build !== build || !(record.bytes instanceof Uint8Array) || (await sha256(record.bytes)) !== record.sha256) {
    await deleteSnapshot();
    return { refused: record.build !== build ? "other-build" : "damaged" };
  }
  return { bytes: record.bytes };
}

export async function writeSnapshot(build, bytes) {
  const record = { build, bytes, sha256: await sha256(bytes), made: new Date().toISOString() };
  await transact("readwrite", (store) => store.put(record, KEY));
}

export async function deleteSnapshot() {
  await transact("readwrite", (store) => store.delete(KEY));
}
