/** The demo angler that exists from the first start, so a newcomer can look around at once. */
export const DEMO_ACCOUNT = { email: 'demo@tightlines.app', username: 'demo_angler', password: 'tightlines-demo' } as const;
