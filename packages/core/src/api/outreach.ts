import { z } from 'zod';
import { ambassadorApplicationInput, ambassadorListing } from '../ambassador';
import { contactInput } from '../contact';
import { contract, jsonBody, raw } from './contract';

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
