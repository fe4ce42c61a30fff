// The people at a table (pass and play, issue 27): the name each goes by, and
// the words a two-seat game's texts use for the other side: "the computer", or
// the person in that seat.

import { t } from "./i18n.js";

/** Whether `seats` (a view's or a save's seat plan) seat more than one person: a table of people at one device. */
export const peopleAt = (seats) => Array.isArray(seats) && seats.filter((s) => s === "human").length > 1;

/** The name the person in `seat` goes by at the table of `view`: their own, or "Player N" (seat + 1). */
export function personName(view, seat) {
  const name = view?.names?.[seat];
  return typeof name === "string" && name ? name : t("play.person", { n: seat + 1 });
}

// The forms a text may need of the other side ({them}, {Them}, {them_dat}, {them_acc}, {them_gen},
// {Them_gen}, {them_label}); the catalogue has the computer's in each language, a person's are their name.
const FORMS = ["them", "Them", "them_dat", "them_acc", "them_gen", "Them_gen", "them_label"];

/**
 * The words for the other side of a two-seat table seen from `view.seat`: the computer's, or, when
 * a person sits there (pass and play), their name in every form ("von Ben", "Ben's" where a
 * language needs a genitive). Games with more seats name each seat themselves: {}.
 */
export function otherSide(view) {
  const seats = view?.seats;
  if (!Array.isArray(seats) || seats.length !== 2 || !Number.isInteger(view.seat)) {
    return Object.fromEntries(FORMS.map((form) => [form, t(`play.opp.${form}`)]));
  }
  const other = 1 - view.seat;
  if (seats[other] !== "human") return Object.fromEntries(FORMS.map((form) => [form, t(`play.opp.${form}`)]));
  const name = personName(view, other);
  const genitive = t("play.opp.person.gen", { name });
  return Object.fromEntries(FORMS.map((form) => [form, form === "them_gen" ? genitive
    : form === "Them_gen" ? genitive.charAt(0).toUpperCase() + genitive.slice(1) : name]));
}
