import { z } from 'zod';
import { messages } from './messages';

export { safeRedirectPath } from './redirect';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 8;
/** The shared demo account is for looking around: nobody may take it over. */
export const DEMO_ACCOUNT_LOCKED = 'The demo account’s e-mail, username and password cannot be changed.';
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The passwords at the top of every breach list that are long enough to pass the length rule:
 * guessed first by anyone trying accounts, so they are refused outright (compared without case).
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', '1q2w3e4r', '1qaz2wsx', 'zaq12wsx', 'asdfghjkl',
  'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123',
  'abc12345', 'abcd1234', 'aa123456', 'letmein1', 'trustno1', 'superman', 'starwars', 'whatever',
  'computer', 'michelle', 'jennifer', 'corvette', 'mercedes', 'internet', 'changeme', 'fishing1',
  'fishing123', 'tightlines', 'tightlines1', 'tightlines123', 'walleye1', 'bassfishing',
]);
export const PASSWORD_TOO_COMMON = 'That password is one of the most common ones and easy to guess. Please choose another.';

export const passwordRule = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH, `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), PASSWORD_TOO_COMMON);

export const emailRule = z.string().trim().toLowerCase().max(254, messages.emailInvalid).pipe(z.email(messages.emailInvalid));

export const usernameRule = z
  .string()
  .trim()
  .regex(
    USERNAME_PATTERN,
    'Your username must be 3 to 30 characters: letters, numbers, dots, dashes or underscores.',
  );

/** A missing, empty or non-text field: the seeds answer all of these with one sentence. */
const required = z.string({ error: messages.allFieldsRequired }).trim().min(1, messages.allFieldsRequired);

export const registerInput = z.object({
  username: required,
  email: required,
  password: z.string({ error: messages.allFieldsRequired }).min(1, messages.allFieldsRequired),
  passwordConfirm: z.string({ error: messages.allFieldsRequired }).min(1, messages.allFieldsRequired),
  coupon: z.string().max(100).optional(),
  /** A paid plan chosen on the form; with it, paymentToken pays the first period. */
  plan: z.enum(['Monthly', 'Yearly2020']).optional(),
  paymentToken: z.string().max(500).optional(),
  /** The cash variant's admin password: the member pays in cash and gets no subscription form. */
  admin: z.string().max(200).optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: required,
  password: z.string({ error: messages.allFieldsRequired }).min(1, messages.allFieldsRequired),
});
export type LoginInput = z.infer<typeof loginInput>;

export const existsEmailInput = z.object({ email: z.string({ error: 'An email is required.' }) });
export const existsUsernameInput = z.object({ username: z.string({ error: 'A username is required.' }) });

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
const currentPassword = z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH);

/** A new address takes effect only once the link mailed to it is opened; the password proves it is the owner asking. */
export const updateEmailInput = z.object({
  email: z.string({ error: messages.emailInvalid }).pipe(emailRule),
  password: currentPassword,
});

export const confirmEmailInput = z.object({
  token: z.string({ error: 'This confirmation link is not complete.' }).min(1, 'This confirmation link is not complete.').max(200),
});

export const changePasswordInput = z
  .object({
    currentPassword,
    password: passwordRule,
    passwordConfirm: z.string().optional(),
  })
  .refine((v) => v.passwordConfirm === undefined || v.passwordConfirm === v.password, { message: messages.passwordsMustMatch });

/** One signed-in device, as the member's list of sessions shows it. */
export const sessionView = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const updateUserInput = z.object({
  username: usernameRule.optional(),
  newsletter: z.boolean().optional(),
});

export const forgotPasswordInput = z.object({
  email: z.string({ error: 'Please enter your email.' }).trim().min(1, 'Please enter your email.'),
  refer: z.string().max(200).optional(),
});

export const passwordTokenInput = z.object({
  token: z.string({ error: 'Please enter the code from your email.' }).trim().min(1, 'Please enter the code from your email.').max(100),
  /** The address the code was mailed to (the mailed link carries it): when given, the code must be that account's. */
  email: z.string().trim().max(254).optional(),
});

export const resetPasswordInput = z
  .object({
    password: passwordRule,
    passwordConfirm: z.string().optional(),
  })
  .refine((v) => v.passwordConfirm === undefined || v.passwordConfirm === v.password, {
    message: messages.passwordsMustMatch,
  });

export const PLAN_NAMES = ['Monthly', 'Yearly2020'] as const;
export const PREMIUM_STATUSES = ['active', 'trialing'] as const;

export type SubscriptionFacts = { plan: string; status: string; currentPeriodEnd: Date | null };

export function hasActiveSubscription(subscriptions: SubscriptionFacts[], now: Date): boolean {
  return subscriptions.some(
    (s) =>
      (PLAN_NAMES as readonly string[]).includes(s.plan) &&
      (PREMIUM_STATUSES as readonly string[]).includes(s.status) &&
      (s.currentPeriodEnd === null || s.currentPeriodEnd.getTime() > now.getTime()),
  );
}

export const FREE_FOR_ALL = 'FREEFORALL';

/**
 * What premium unlocks (seed 001 section 6), each lock saying what it locks: the server refuses or
 * leaves out these parts for other callers, and the web app's locked panels say the same.
 */
export const PREMIUM_LOCKS = {
  map: 'The map of your logs is a premium feature. Start a subscription to see it.',
  charts: 'The charts of your logs are a premium feature. Start a subscription to see them.',
  lunar: 'The moon and sun details of each log are a premium feature. Start a subscription to see them.',
} as const;

/** The one rule deciding premium features: a paid, live plan, or the free-for-all promotion. */
export function isPremium(subscriptions: SubscriptionFacts[], featureFlags: readonly string[], now: Date): boolean {
  return featureFlags.includes(FREE_FOR_ALL) || hasActiveSubscription(subscriptions, now);
}

const registeredEvent = z.object({ eventId: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });

/** The user as the API returns it (the seeds' field names, _id included). */
export const userView = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  premiumMember: z.boolean(),
  activeSubscription: z.boolean(),
  newsletter: z.boolean(),
  events: z.object({ registered: z.array(registeredEvent) }),
  forecastSearches: z.array(z.string()),
  /** The lakes the member has logged, each at the point of their latest log there, by name. */
  lakes: z.array(z.object({ name: z.string(), location: z.object({ lat: z.number(), lng: z.number() }) })),
  stripe: z.object({ id: z.string().nullable(), subscriptionId: z.string().nullable() }),
  token: z.string().optional(),
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: z.string().nullable().optional(),
});
export type UserView = z.infer<typeof userView>;

export const publicUserView = userView.pick({ _id: true, username: true, profilePicture: true });
export type PublicUserView = z.infer<typeof publicUserView>;
