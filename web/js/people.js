// The people at a table (pass and play, issue 27): the name each goes by.

import { t } from "./i18n.js";

/** The name the person in `seat` goes by at the table of `view`: their own, or "Player N" (seat + 1). */
export function personName(view, seat) {
  const name = view?.names?.[seat];
  return typeof name === "string" && name ? name : t("play.person", { n: seat + 1 });
}
