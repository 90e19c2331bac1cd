import { z } from 'zod';
import { findInput, tagInput } from '../logs';
import { contract, jsonBody } from './contract';

const tags = z.array(z.string());

export const myTags = contract({
  method: 'GET',
  path: '/api/user/tags',
  access: 'member',
  summary: 'The member’s tag list, sorted regardless of case.',
  response: tags,
});

export const findTags = contract({
  method: 'POST',
  path: '/api/user/find-tag',
  access: 'member',
  summary: 'The member’s tags that start with `query` (autocomplete, 5 at most).',
  body: jsonBody(findInput),
  response: tags,
});

export const addTag = contract({
  method: 'POST',
  path: '/api/user/add-tag',
  access: 'member',
  summary: 'Adds a tag to the member’s list (once, regardless of case); answers the list.',
  body: jsonBody(tagInput),
  response: tags,
});

export const removeTag = contract({
  method: 'POST',
  path: '/api/user/remove-tag',
  access: 'member',
  summary: 'Removes a tag from the member’s list and from every one of their logs; answers the list.',
  body: jsonBody(tagInput),
  response: tags,
});
