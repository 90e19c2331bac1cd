import { z } from 'zod';
import { ambassadorApplicationInput, ambassadorApplicationView, ambassadorListing, REVIEW_STATUSES } from '../ambassador';
import { contactInput } from '../contact';
import { contract, idParam, jsonBody, raw } from './contract';

const sent = z.object({ success: z.literal(true), message: z.string() });

export const ambassadorApplication = contract({
  method: 'POST',
  path: '/api/ambassador-application',
  access: 'public',
  status: 201,
  summary: 'Sends an ambassador application (seed 000 §3, rules §5): stored, mailed to the team; rate-limited per client.',
  body: jsonBody(ambassadorApplicationInput),
  response: sent,
});

export const ambassadorDirectory = contract({
  method: 'GET',
  path: '/api/ambassadors',
  access: 'public',
  summary: 'The public ambassador directory: approved ambassadors who agreed to be listed (name, region, photo).',
  response: z.array(ambassadorListing),
});

export const adminStanding = contract({
  method: 'GET',
  path: '/api/admin/me',
  access: 'member',
  summary: 'Whether the member is on the team (their account e-mail is in ADMIN_EMAILS), so the web shows the review screen.',
  response: z.object({ admin: z.boolean() }),
});

export const adminApplications = contract({
  method: 'GET',
  path: '/api/admin/ambassador-applications',
  access: 'member',
  summary: 'Admins only (403 otherwise): ambassador applications, newest first, filtered by status (default pending); 200 at most.',
  query: z.object({ status: z.enum(REVIEW_STATUSES).optional().default('pending') }),
  response: z.array(ambassadorApplicationView),
});

export const adminReview = contract({
  method: 'POST',
  path: '/api/admin/ambassador-applications/:id/review',
  access: 'member',
  summary:
    'Admins only: approves or declines a pending application. Approval gives the applicant’s account the ambassador coupon (AMBASSADOR_COUPON) once and lists them in the directory if they agreed; 409 once reviewed.',
  params: idParam('No application was found with that id.'),
  body: jsonBody(z.object({ status: z.enum(['approved', 'declined'], { error: 'Choose approved or declined.' }) })),
  response: ambassadorApplicationView,
});

export const contact = contract({
  method: 'POST',
  path: '/api/contact',
  access: 'public',
  summary: 'Mails a message to the team. A filled honeypot field is accepted and dropped; rate-limited per client.',
  body: jsonBody(contactInput),
  response: sent,
});

export const robots = contract({
  method: 'GET',
  path: '/robots.txt',
  access: 'public',
  summary: 'robots.txt: crawlers may read the public pages, not the API or members’ pages; names the sitemap.',
  response: raw('text/plain'),
});

export const sitemap = contract({
  method: 'GET',
  path: '/sitemap.xml',
  access: 'public',
  summary: 'The sitemap of the public pages, with PUBLIC_URL as their origin.',
  response: raw('application/xml'),
});
