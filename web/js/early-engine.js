// The page's one engine client. The worker itself was started by the page's
// first script (engine/start.js, a classic script that runs before anything
// else loads); this client takes it over with what it has said so far, or
// starts one where that script did not run. This module has no other import
// than the client, and the pages load it with its own
// <script type="module" async>. The page's status panel (engine-status.js)
// attaches to it and reports its progress and failures.

import { EngineClient } from "../engine/client.js";

export const engine = new EngineClient();
engine.boot().catch(() => {}); // a failure is shown once the status panel attaches
