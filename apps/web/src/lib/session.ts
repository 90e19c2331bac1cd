import type { UserView } from '@tightlines/core/accounts';

const KEY = 'tightlines.token';

/** The bearer token lives in localStorage so a session survives reloads and new tabs. */
export const session = {
  token: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};

/**
 * Raised with the user (a CustomEvent's detail) when a form signs someone in: the app keeps them
 * as the current user (app.tsx); the prerendered pages' islands, which have no query cache, load
 * the next page instead.
 */
export const signedIn = new EventTarget();

/** Keeps the token of an answer that signs someone in, and announces the user. */
export function signIn(user: UserView & { token?: string }) {
  if (user.token) session.set(user.token);
  signedIn.dispatchEvent(new CustomEvent<UserView>('signed-in', { detail: { ...user, token: undefined } }));
}
