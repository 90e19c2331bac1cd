import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard and ships with Node: N=2^15, r=8 needs 32 MiB a hash (OWASP's minimum
// for scrypt is N=2^17 with r=8 at p=1, or the equivalent N=2^15 with higher r·p; we take p=3).
const params = { N: 2 ** 15, r: 8, p: 3, keylen: 32 };
const maxmem = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, params.keylen, { N: params.N, r: params.r, p: params.p, maxmem });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** 256 random bits, URL-safe: bearer tokens and reset tokens. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 13 characters of 31: 64 bits, past guessing even across every account's live codes at once. */
export const CODE_LENGTH = 13;

/** Codes typed by hand from an e-mail: characters without look-alikes (0/O, 1/I/L). */
export function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
}

/** A typed code as it was mailed: case, spaces and dashes the reader added do not matter. */
export const normalizeCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

/** A keyed hash: a copy of the table alone is not enough to test guesses against it offline. */
export const hmac = (key: string, value: string) => crypto.createHmac('sha256', key).update(value).digest('hex');

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
