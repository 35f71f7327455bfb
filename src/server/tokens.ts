// Tokens: made at random when not given, compared in constant time (hashing both sides first makes
// the lengths equal, so nothing about the token leaks through timing).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(18).toString('base64url');
}

export function tokenMatches(given: unknown, token: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}
