// Briscola Chiamata in words, for the table, the hand log, the summary and the replay: the
// bids of the ladder ("King", "the 2 at 70", "75 points"), each speech, the call and the
// reveal. Pure but for the language chosen (i18n.js).

import { cardName, rankName, suitName, t } from "../i18n.js";
import { bidKind } from "./auction.js";

/** A bid in the words of its ladder: a rank ("King"), "the 2 at 70", or "75 points". */
export function bidText(bid, deck) {
  const kind = bidKind(bid);
  if (kind === "rank") return rankName(bid.rank, deck);
  return t(`ch.bid.${kind}`, { n: bid.target });
}

/** A contract with the points it needs: "King (61)", "the 2 at 70", "75 points". */
export function contractText(bid, deck) {
  const words = bidText(bid, deck);
  return bidKind(bid) === "rank" ? t("ch.contract.rank", { bid: words, n: bid.target }) : words;
}

/** One speech of the auction: "Anna: King", "Bruno passes", "You: the 2 at 70". `name(seat)` names a seat. */
export function speechText(speech, name, me, deck) {
  const who = speech.seat === me ? "You" : "";
  if (!speech.bid) return t(`ch.speech.pass${who}`, { name: name(speech.seat) });
  return t(`ch.speech.bid${who}`, { name: name(speech.seat), bid: bidText(speech.bid, deck) });
}

/** The call: "Anna calls the King of clubs: clubs are trumps". */
export function callText(caller, card, name, me, deck) {
  const params = { name: name(caller), card: cardName(card, deck), suit: suitName(card[1], deck) };
  return t(caller === me ? "ch.call.you" : "ch.call", params);
}

/** The reveal: "Bruno held the King of clubs: Bruno plays with Anna", or "Anna called their own card: alone against four". */
export function revealText(reveal, name, me, deck) {
  const params = { holder: name(reveal.holder), caller: name(reveal.caller), card: cardName(reveal.card, deck) };
  if (reveal.alone) return t(reveal.caller === me ? "ch.reveal.aloneYou" : "ch.reveal.alone", params);
  if (reveal.holder === me) return t("ch.reveal.you", params);
  return t(reveal.caller === me ? "ch.reveal.yourPartner" : "ch.reveal", params);
}
