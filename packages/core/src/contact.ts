import { z } from 'zod';

export const CONTACT_MESSAGE_MAX = 5000;

export const contactInput = z.object({
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(120, 'Please keep your name under 120 characters.'),
  email: z
    .string({ error: 'Please enter a valid email so we can answer.' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email so we can answer.')
    .pipe(z.email('Please enter a valid email so we can answer.')),
  subject: z.string().trim().max(200, 'Please keep the subject under 200 characters.').optional().default(''),
  message: z
    .string({ error: 'Please write a message.' })
    .trim()
    .min(1, 'Please write a message.')
    .max(CONTACT_MESSAGE_MAX, `Please keep your message under ${CONTACT_MESSAGE_MAX} characters.`),
  /** A field people never see: a form that fills it is a robot's, and is dropped without a word. */
  website: z.string().max(500).optional().default(''),
});
export type ContactInput = z.input<typeof contactInput>;
export type ContactMessage = z.output<typeof contactInput>;

export const contactSent = 'Thank you: your message is on its way to our team. We answer within two working days.';
