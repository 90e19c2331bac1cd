// Apart from ./accounts (which builds zod rules at import) so the web app's first screen can use it alone.

const isInvisible = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0x2028 || code === 0x2029;
};

/** Where a reset or a login may send the browser afterwards: a path inside the app, never elsewhere. */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value) return fallback;
  // Browsers drop tabs and line breaks inside a URL, so '/\t/evil.com' would become '//evil.com'.
  if ([...value].some(isInvisible)) return fallback;
  const path = value.startsWith('/') ? value : `/${value}`;
  if (path.startsWith('//') || path.includes('\\') || /^\/[a-z][a-z0-9+.-]*:/i.test(path)) return fallback;
  return path;
}
