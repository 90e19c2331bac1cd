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

/** Codes typed by hand from an e-mail: 8 characters without look-alikes (0/O, 1/I/L), ~40 bits. */
export function newCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return Array.from({ length: 8 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
