import { z } from 'zod';
import { createOutingBody, editOutingInput, outingView } from '../outings';
import { contract, idParam, jsonBody } from './contract';

export const NOT_YOUR_OUTING = 'This outing does not exist or is not yours.';
const ownOuting = idParam(NOT_YOUR_OUTING);

export const outing = contract({
  method: 'GET',
  path: '/api/user/outing/:id',
  access: 'member',
  summary: 'One of the member’s outings: `outing {startDate, endDate, logs, lunar}` (timeline logs carry name, size, photos.angler, showInfo), the day’s `lunar`, the Major/Minor `solunarPeaks` and stats.',
  params: ownOuting,
  response: outingView,
});

export const createOuting = contract({
  method: 'POST',
  path: '/api/user/create-outing',
  access: 'member',
  status: 201,
  summary: 'Starts an outing now, or records a backdated one (local `startDate`/`startTime`, optional end); the member’s loose logs in its span join it.',
  body: jsonBody(createOutingBody),
  response: outingView,
});

export const editOuting = contract({
  method: 'POST',
  path: '/api/user/edit-outing/:id',
  access: 'member',
  summary: 'Moves an outing’s start and end (`{startDate, endDate}`, or the outing object as GET answers it; `endDate: null` or `outing.active: true` keeps it in progress); logs leave or join to match the span.',
  params: ownOuting,
  body: jsonBody(editOutingInput),
  response: outingView,
});

export const deleteOuting = contract({
  method: 'DELETE',
  path: '/api/user/delete-outing/:id',
  access: 'member',
  summary: 'Deletes an outing and its Outing log; its logs stay, no longer in an outing.',
  params: ownOuting,
  response: z.object({ success: z.literal(true) }),
});
