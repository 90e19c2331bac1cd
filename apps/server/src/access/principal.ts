/**
 * The caller of a request, resolved once by the auth plugin from its token. Services receive this,
 * never a database row, and ask the access service before they act for it.
 */
export type Principal = {
  userId: string;
  username: string;
  email: string;
  sessionId: string;
  /** Through the one premium rule: a live Monthly or Yearly2020 plan, or the FREEFORALL promotion. */
  premium: boolean;
  /** The shared demo account, which nobody may take over. */
  demo: boolean;
  /**
   * `web`: a session of the web app or the mobile apps. `assistant`: a voice assistant's linked
   * token, accepted only on the routes whose contract says `assistant: true`.
   */
  scope: 'web' | 'assistant';
};
