import { z } from 'zod';
import { messages } from './messages';

export const AMBASSADOR_MIN_AGE = 18;
/** The seed: a name "longer than 4 characters". */
export const AMBASSADOR_NAME_MIN = 5;
export const AMBASSADOR_DISCOUNT_PERCENT = 50;

/** The trivia question of the application; its one answer is 'perch', in any case. */
export const AMBASSADOR_TRIVIA = {
  question: 'Which fish shares its name with the spot where a bird rests?',
  answer: 'perch',
} as const;

export const isTriviaAnswer = (answer: string) => answer.trim().toLowerCase() === AMBASSADOR_TRIVIA.answer;

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`).optional().default('');

/**
 * The application of seed 000 section 3, with the rules of section 5 and the messages of section 8
 * word for word. The same schema checks the form in the browser and the body on the server.
 */
export const ambassadorApplicationInput = z.object({
  name: z
    .string({ error: messages.ambassadorName })
    .trim()
    .min(AMBASSADOR_NAME_MIN, messages.ambassadorName)
    .max(120, messages.ambassadorName),
  email: z.string({ error: messages.ambassadorEmail }).trim().toLowerCase().max(254, messages.ambassadorEmail).pipe(z.email(messages.ambassadorEmail)),
  state: text(60),
  age: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: messages.ambassadorAge })
      .int(messages.ambassadorAge)
      .min(AMBASSADOR_MIN_AGE, messages.ambassadorAdult)
      .max(120, messages.ambassadorAge),
  ),
  occupation: z.string({ error: messages.ambassadorOccupation }).trim().min(1, messages.ambassadorOccupation).max(120, messages.ambassadorOccupation),
  sponsors: text(1000),
  waterFished: text(1000),
  species: text(1000),
  technique: text(1000),
  fishPerYear: text(60),
  facebook: text(300),
  youtube: text(300),
  instagram: text(300),
  twitter: text(300),
  otherUrls: text(1000),
  valueAdded: text(2000),
  learnedAboutLabs: text(1000),
  using: text(1000),
  answer: z.string({ error: messages.ambassadorAnswer }).refine(isTriviaAnswer, messages.ambassadorAnswer),
  agreement: z.literal(true, { error: messages.ambassadorAgreement }),
  /** Consent to be listed, with name, region and photo, in the public directory once approved. */
  listInDirectory: z.boolean().optional().default(false),
});
export type AmbassadorApplicationInput = z.input<typeof ambassadorApplicationInput>;
export type AmbassadorApplication = z.output<typeof ambassadorApplicationInput>;

export const ambassadorListing = z.object({
  name: z.string(),
  region: z.string(),
  photo: z.string().nullable(),
});
export type AmbassadorListing = z.infer<typeof ambassadorListing>;

export const REVIEW_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** An application as the team's review screen shows it (admins only). */
export const ambassadorApplicationView = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.string(),
  age: z.number().int(),
  occupation: z.string(),
  answers: z.record(z.string(), z.string()),
  listInDirectory: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The member account the discount goes to: the applicant's when signed in, else the account with that e-mail. */
  member: z.object({ _id: z.string(), username: z.string() }).nullable(),
  /** The percent off the member's subscription has from the ambassador coupon, once approved. */
  discountPercent: z.number().int().nullable(),
});
export type AmbassadorApplicationView = z.infer<typeof ambassadorApplicationView>;
