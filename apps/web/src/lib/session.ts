const KEY = 'tightlines.token';

/** The bearer token lives in localStorage so a session survives reloads and new tabs. */
export const session = {
  token: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
