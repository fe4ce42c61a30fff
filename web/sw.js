// The service worker: the whole site, precached from the build manifest, so
// every game loads and plays offline after the first visit.
//
// One cache per build. build.py stamps BUILD below, so each deploy is a new
// sw.js: the browser installs it in the background while the old one keeps
// serving the old build's files; it takes over when every tab of the site has
// closed, or at once when the player accepts the "update ready" notice. A
// running game is never served a mix of two builds.

const BUILD = "dev";
const PREFIX = "cardgarden-";
const CACHE = `${PREFIX}${BUILD}`;
const SCOPE = new URL("./", self.location.href).href;
const PARALLEL = 6;

async function digest(buffer) {
  const hash = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fetch one file and check it against the manifest; the HTTP cache is tried first, then the network. */
async function fetchChecked(path, expected) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(new URL(path, SCOPE), { cache: mode });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await digest(body)) === expected.sha256) {
      return new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") ?? "" } });
    }
  }
  throw new Error(`${path}: content does not match the manifest`);
}

async function precache() {
  const response = await fetch(new URL("manifest.json", SCOPE), { cache: "no-store" });
  const manifestText = await response.text();
  const manifest = JSON.parse(manifestText);
  if (manifest.build !== BUILD) throw new Error(`manifest is of build ${manifest.build}, not ${BUILD}`);
  const cache = await caches.open(CACHE);
  const queue = Object.entries(manifest.files);
  async function lane() {
    while (queue.length) {
      const [path, expected] = queue.shift();
      const checked = await fetchChecked(path, expected);
      await cache.put(new URL(path, SCOPE), checked.clone());
      if (path === "index.html") await cache.put(SCOPE, checked); // the site's own address
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  await cache.put(new URL("manifest.json", SCOPE),
    new Response(manifestText, { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE); // half a build is no build: try again on the next visit
    throw err;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages take their settings in the query (play.html?game=...): the file is the same.
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached ?? fetch(request);
  })());
});
