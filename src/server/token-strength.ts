/** Fewest characters a token given with `--token` may have. */
export const MIN_TOKEN_LENGTH = 32;
/** Fewest bits of entropy a token given with `--token` must show (see `estimatedBits`). */
export const MIN_TOKEN_BITS = 128;

/**
 * A conservative estimate of a token's entropy: its length times the Shannon entropy of
 * its character frequencies. A random 48-character hex token scores about 180 bits;
 * `aaaa…` scores 0 and `abab…` one bit per character.
 */
export function estimatedBits(token: string): number {
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / token.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * token.length;
}

/** True when more than half the neighbouring characters repeat or count up or down. */
function isPatterned(token: string): boolean {
  let steps = 0;
  for (let i = 1; i < token.length; i++) {
    if (Math.abs(token.charCodeAt(i) - token.charCodeAt(i - 1)) <= 1) steps++;
  }
  // A block repeated over and over (`feedc0defeedc0de…`) is as guessable as the block.
  const repeated = /^(.{1,16}?)\1+$/.test(token);
  return repeated || steps * 2 > token.length - 1;
}

/**
 * Why a token given with `--token` is too weak to guard the server, or null when it is
 * strong enough: at least 32 URL-safe characters, about 128 bits by the estimate above,
 * and no repeated block or run.
 */
export function tokenWeakness(token: string): string | null {
  const advice = 'Leave --token out to get a random one.';
  if (!/^[A-Za-z0-9_-]*$/.test(token)) {
    return `--token may hold only letters, digits, "-" and "_". ${advice}`;
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    return `--token must be at least ${MIN_TOKEN_LENGTH} characters (got ${token.length}). ${advice}`;
  }
  if (isPatterned(token)) {
    return `--token is too easy to guess: it repeats a block or runs through neighbouring characters. ${advice}`;
  }
  const bits = Math.floor(estimatedBits(token));
  if (bits < MIN_TOKEN_BITS) {
    return `--token is too easy to guess: it shows about ${bits} bits of randomness, ${MIN_TOKEN_BITS} are needed (for example 48 random hex characters). ${advice}`;
  }
  return null;
}
