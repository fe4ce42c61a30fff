// The engine's worker, started before anything else of the page: this module
// has no other import than the client, and the pages load it with its own
// <script type="module" async>, so Python's download begins while the rest of
// the page's modules are still arriving. The page's status panel
// (engine-status.js) attaches to it and reports its progress and failures.

import { EngineClient } from "../engine/client.js";

export const engine = new EngineClient();
engine.boot().catch(() => {}); // a failure is shown once the status panel attaches
