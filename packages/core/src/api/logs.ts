import { z } from 'zod';
import { publicUserView } from '../accounts';
import { placedInput } from '../forecast';
import {
  allowanceView,
  deleteLogsInput,
  findInput,
  logInput,
  logPatch,
  logPage,
  logPageQuery,
  logTagInput,
  logView,
  waterflowReading,
} from '../logs';
import { contract, idParam, isUuid, jsonBody } from './contract';

export const NOT_YOUR_LOG = 'This log does not exist or is not yours.';
export const LOG_NOT_SHARED = 'This log does not exist or is not shared with you.';

const ownLog = idParam(NOT_YOUR_LOG);
const tags = z.array(z.string());

/** A lake name from the angler's own logs, at the point of the latest log there. */
export const lakeMatch = z.object({ name: z.string(), lat: z.number(), lng: z.number() });
export type LakeMatch = z.infer<typeof lakeMatch>;

export const canCreate = contract({
  method: 'GET',
  path: '/api/logs/can-create',
  access: 'member',
  assistant: true,
  summary: 'Whether the member may create another log this month (5 a month on the free plan).',
  response: allowanceView,
});

export const createLog = contract({
  method: 'POST',
  path: '/api/logs/create',
  access: 'member',
  assistant: true,
  status: 201,
  summary: 'Creates a log (`date` as one ISO date-time, or a YYYY-MM-DD day with `time` HH:mm); the server adds weather, lunar data, state, time zone, lake and waterflow. An instant draft is `{type: "Draft", location}`.',
  body: jsonBody(logInput),
  response: logView,
});

export const editLog = contract({
  method: 'GET',
  path: '/api/log/edit/:id',
  access: 'member',
  summary: 'One of the member’s own logs, to edit.',
  params: ownLog,
  response: logView,
});

export const updateLog = contract({
  method: 'POST',
  path: '/api/log/update/:id',
  access: 'member',
  summary:
    'Changes the fields sent (the whole log or a part; omitted fields, tags included, stay); weather and lunar data are fetched again only when its place or time moved. Answers the updated logs (`docs`, the first page, as the list shows them) with the edited `log` beside them.',
  params: ownLog,
  body: jsonBody(logPatch),
  response: logPage.extend({ log: logView }),
});

const deleted = z.object({ success: z.literal(true), id: z.string() });

export const deleteLogByGet = contract({
  method: 'GET',
  path: '/api/log/delete/:id',
  access: 'member',
  summary: 'Deletes one of the member’s logs (the seeds’ GET form).',
  params: ownLog,
  response: deleted,
});

export const deleteLog = contract({
  method: 'DELETE',
  path: '/api/log/:id',
  access: 'member',
  summary: 'Deletes one of the member’s logs; deleting an Outing log deletes the outing.',
  params: ownLog,
  response: deleted,
});

export const deleteLogs = contract({
  method: 'POST',
  path: '/api/user/delete-logs',
  access: 'member',
  summary: 'Deletes the selected logs (a bare array of logs or ids, or `{logs}`), all or none; answers the count and the first page of what is left.',
  body: jsonBody(deleteLogsInput),
  response: logPage.extend({ deleted: z.number().int() }),
});

export const myLogs = contract({
  method: 'GET',
  path: '/api/user/logs',
  access: 'member',
  assistant: true,
  summary: 'The member’s logs, newest first, a page at a time.',
  query: logPageQuery,
  response: logPage,
});

export const viewLog = contract({
  method: 'GET',
  path: '/api/log/view/:id',
  access: 'public',
  summary: 'One log, if its privacy lets the caller see it (public; protected for the owner’s Inner Circle; private for the owner).',
  params: idParam(LOG_NOT_SHARED),
  response: logView,
});

export const visitorLogs = contract({
  method: 'GET',
  path: '/api/visitor/logs/:username',
  access: 'public',
  summary: 'An angler’s logs the caller may see, newest first (`limit` of them), with the angler’s name and picture.',
  params: z.object({ username: z.string() }),
  query: logPageQuery,
  response: z.object({ user: publicUserView.pick({ username: true, profilePicture: true }), docs: z.array(logView) }),
});

export const visitorTags = contract({
  method: 'GET',
  path: '/api/user/visitor-tags/:username',
  access: 'public',
  summary: 'The tags on an angler’s logs the caller may see (the owner gets their whole tag list).',
  params: z.object({ username: z.string() }),
  response: tags,
});

export const lureCategories = contract({
  method: 'GET',
  path: '/api/list/lure-categories',
  access: 'member',
  summary: 'The default lure categories plus the member’s own, sorted.',
  response: z.array(z.object({ name: z.string() })),
});

export const findLakes = contract({
  method: 'POST',
  path: '/api/user/find-lakes',
  access: 'member',
  summary: 'Lake names from the member’s own logs that start with `query` (autocomplete, 5 at most).',
  body: jsonBody(findInput),
  response: z.array(lakeMatch),
});

export const getWaterflow = contract({
  method: 'POST',
  path: '/api/log/get-waterflow/:id',
  access: 'member',
  summary: 'The nearest river gauge’s reading at a point and time; with a log id (not `new`) it is saved on that log.',
  params: z.object({ id: z.string().refine((id) => id === 'new' || isUuid(id), NOT_YOUR_LOG) }),
  body: jsonBody(placedInput),
  response: waterflowReading,
});

export const uploadImage = contract({
  method: 'POST',
  path: '/api/user/upload-image',
  access: 'member',
  summary: 'Uploads a log photo (multipart, one image): fitted in 1600x1600, metadata stripped. Put `image` in the log’s `photo`.',
  body: 'multipart',
  response: z.object({ image: z.string() }),
});

export const uploadImageFor = contract({
  method: 'POST',
  path: '/api/user/upload-image/:uid',
  access: 'member',
  summary:
    'An event owner uploads a fish photo for an angler (multipart, one image, as upload-image): the caller must own or co-own an event the member `uid` has an entry in (403), 404 for an unknown member. Counts in the caller’s daily uploads; `image` goes in admin/enter-fish for that angler’s entry.',
  params: z.object({ uid: z.string() }),
  body: 'multipart',
  response: z.object({ image: z.string() }),
});

export const addTagToLog = contract({
  method: 'POST',
  path: '/api/user/add-tag-log',
  access: 'member',
  summary: 'Puts a tag on one of the member’s logs (and in their tag list); answers the log’s tags.',
  body: jsonBody(logTagInput),
  response: tags,
});

export const removeTagFromLog = contract({
  method: 'POST',
  path: '/api/user/remove-tag-log',
  access: 'member',
  summary: 'Takes a tag off one of the member’s logs; answers the log’s tags.',
  body: jsonBody(logTagInput),
  response: tags,
});
