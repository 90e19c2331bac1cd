import { localDateOf } from '../time';
import { hmacSha256 } from './sha256';

export const CARD_VALUES = ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'] as const;
export const CARD_SUITS = ['Spades', 'Hearts', 'Diamonds', 'Clubs'] as const;

/**
 * The event's keycode for one local day (seed 002: a playing card, two playing cards or a random
 * number, per the event's key type; 'None' has no key). It is HMAC-SHA256 of the day under the
 * event's own secret: the same on every node that reads the secret from the database, a new one
 * each day, and unknowable before the day without the secret (which is never answered).
 *
 * `localDate` is the event's calendar day ('YYYY-MM-DD' on the event's clock).
 */
export function keycodeForDay(keyType: string | null, secret: string, localDate: string): string | null {
  if (!keyType || keyType === 'None') return null;
  const digest = hmacSha256(secret, `tightlines-checkin-key:v1:${localDate}`);
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  // 32-bit words taken modulo 52 or 9000: the bias is below one part in 10^7.
  const word = (i: number) => view.getUint32(i * 4);
  if (keyType === 'Number') return String(1000 + (word(0) % 9000));
  const first = word(0) % 52;
  if (keyType === 'Playing Card') return cardName(first);
  if (keyType === '2 Playing Cards') {
    // The second card is drawn from the 51 left, so the two always differ.
    const rest = word(1) % 51;
    const second = rest >= first ? rest + 1 : rest;
    return `${cardName(first)}, ${cardName(second)}`;
  }
  return null;
}

function cardName(index: number): string {
  return `${CARD_VALUES[index % 13]} of ${CARD_SUITS[Math.floor(index / 13)]}`;
}

/** The keycode at an instant: the event's local day decides, so it turns over at the event's midnight. */
export function keycodeAt(event: { keyType: string | null; tz: string }, secret: string, instant: Date): string | null {
  return keycodeForDay(event.keyType, secret, localDateOf(instant, event.tz));
}
