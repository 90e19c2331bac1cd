// Log photos are served only to those who may read a log that shows them: the privacy matrix of
// photo URLs (owner, friend in the Inner Circle with its filters, stranger, visitor), from the
// attacker's side: bare paths, other spellings of the path, tampered and expired signatures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, joinCircle, moveClock, registerUser, uploadPhoto, type Member } from '@tightlines/testkit/fixtures';
import { PHOTO_URL_WINDOW_MS } from '../src/modules/logs/photos';

let t: TestApp;
let owner: Member;
let friend: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  [owner, friend, stranger] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
  await givePremium(t, owner);
  await givePremium(t, friend);
  await joinCircle(t, owner, friend);
});
afterAll(() => t.close());

const PLACE = { lat: 46.41, lng: -94.35 };

async function logWithPhoto(privacy: 'public' | 'protected' | 'private', extra: Record<string, unknown> = {}) {
  const photo = await uploadPhoto(t, owner);
  const res = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', privacy, photo, location: PLACE, ...extra } });
  expect(res.statusCode).toBe(201);
  return { id: res.json()._id as string, bare: photo.split('?')[0]!, ownersUrl: res.json().photo as string };
}

/** The photo URL of a log as `who` (undefined: a visitor) is shown it on the log's page, or the status when they may not read it. */
async function shownPhoto(id: string, who?: Member): Promise<string | null | number> {
  const res = await t.request({ method: 'GET', url: `/api/log/view/${id}`, ...(who ? { token: who.token } : {}) });
  return res.statusCode === 200 ? (res.json().photo as string | null) : res.statusCode;
}

const fetchStatus = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;

describe('log photo URLs', () => {
  it('a private log’s photo: only the owner’s signed URL shows it; the bare path and every other spelling are 404', async () => {
    const log = await logWithPhoto('private');
    expect(log.ownersUrl).toMatch(/^\/uploads\/logs\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg\?v=.+&e=\d+&s=.+$/);
    const res = await t.request({ method: 'GET', url: log.ownersUrl });
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'image/jpeg', 'private, max-age=3600']);
    expect(await shownPhoto(log.id, friend)).toBe(404);
    expect(await shownPhoto(log.id, stranger)).toBe(404);
    expect(await shownPhoto(log.id)).toBe(404);

    const file = log.bare.replace('/uploads/logs/', '');
    for (const url of [
      log.bare,
      `/uploads/logs%2F${file.replace('/', '%2F')}`,
      `/uploads/LOGS/${file}`,
      `/uploads//logs/${file}`,
      `/uploads/./logs/${file}`,
      `/uploads/logs/${file}/`,
    ]) {
      // 404, or the file server's 403 for a path it will not normalise: never the image.
      expect([url, [403, 404].includes(await fetchStatus(url))]).toEqual([url, true]);
    }
    // The owner's URL names the owner: re-addressed to someone else, its signature no longer holds.
    expect(await fetchStatus(log.ownersUrl.replace(`v=${owner._id}`, `v=${stranger._id}`))).toBe(404);
    expect(await fetchStatus(log.ownersUrl.replace(/s=[^&]+/, 's=' + 'A'.repeat(43)))).toBe(404);
    expect(await fetchStatus(log.ownersUrl.replace(/e=\d+/, `e=${Date.now() + 100 * PHOTO_URL_WINDOW_MS}`))).toBe(404);
  });

  it('expires: a URL older than two windows is refused, a new view gives a fresh one', async () => {
    const log = await logWithPhoto('private');
    moveClock(t, 2 * PHOTO_URL_WINDOW_MS + 1000);
    expect(await fetchStatus(log.ownersUrl)).toBe(404);
    const fresh = await t.request({ method: 'GET', url: `/api/log/edit/${log.id}`, token: owner.token });
    expect(await fetchStatus(fresh.json().photo)).toBe(200);
  });

  it('a protected log’s photo reaches the friend through the circle’s filters, re-checked on every fetch', async () => {
    const log = await logWithPhoto('protected', { location: { ...PLACE, lake: 'Hidden Pond' } });
    const friendsUrl = await shownPhoto(log.id, friend);
    expect(typeof friendsUrl).toBe('string');
    expect(friendsUrl).toContain(`v=${friend._id}`);
    expect(await fetchStatus(friendsUrl as string)).toBe(200);
    // The circle feed signs it for the friend as well.
    const feed = await t.request({ method: 'GET', url: '/api/user/inner-circle-logs', token: friend.token });
    const inFeed = (feed.json().logs as Array<{ _id: string; photo: string }>).find((d) => d._id === log.id);
    expect(await fetchStatus(inFeed!.photo)).toBe(200);

    expect(await shownPhoto(log.id, stranger)).toBe(404);
    expect(await shownPhoto(log.id)).toBe(404);
    expect(await fetchStatus(log.bare)).toBe(404);

    // The owner hides that lake from the friend: the URL the friend already holds stops working.
    const edit = await t.request({
      method: 'POST',
      url: '/api/user/edit/inner-circle',
      token: owner.token,
      payload: { username: friend.username, filters: [{ type: 'lakes', allowed: [{ name: 'Hidden Pond', value: false }] }] },
    });
    expect(edit.statusCode).toBe(200);
    expect(await shownPhoto(log.id, friend)).toBe(404);
    expect(await fetchStatus(friendsUrl as string)).toBe(404);
    expect(await fetchStatus(log.ownersUrl)).toBe(200);
  });

  it('a tagged protected log outside the friend’s allowed tags: no URL for the friend', async () => {
    const log = await logWithPhoto('protected', { tags: ['secret-spot'] });
    expect(await shownPhoto(log.id, friend)).toBe(404);
    // The owner's URL re-addressed to the friend does not verify either.
    expect(await fetchStatus(log.ownersUrl.replace(`v=${owner._id}`, `v=${friend._id}`))).toBe(404);
  });

  it('a public log’s photo is public: the bare path, for visitors too; made private, it is not', async () => {
    const log = await logWithPhoto('public');
    expect(log.ownersUrl).toBe(log.bare);
    expect(await shownPhoto(log.id)).toBe(log.bare);
    expect(await shownPhoto(log.id, stranger)).toBe(log.bare);
    const res = await t.request({ method: 'GET', url: log.bare });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=300']);

    const update = await t.request({ method: 'POST', url: `/api/log/update/${log.id}`, token: owner.token, payload: { privacy: 'private' } });
    expect(update.statusCode).toBe(200);
    expect(await fetchStatus(log.bare)).toBe(404);
  });

  it('a photo not on a log yet shows only to its uploader; a log saved with the signed URL keeps the bare path', async () => {
    const signed = await uploadPhoto(t, owner);
    expect(await fetchStatus(signed)).toBe(200);
    expect(await fetchStatus(signed.split('?')[0]!)).toBe(404);

    const log = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', photo: signed, location: PLACE } });
    expect(log.statusCode).toBe(201);
    // The edit form sends back the URL it was shown; the photo is unchanged and still the owner's.
    const shown = log.json().photo as string;
    const update = await t.request({ method: 'POST', url: `/api/log/update/${log.json()._id}`, token: owner.token, payload: { photo: shown, notes: 'same photo' } });
    expect([update.statusCode, update.json().log.photo.split('?')[0]]).toEqual([200, signed.split('?')[0]]);
    // Someone else's photo stays refused, signed or not.
    const theirs = await uploadPhoto(t, stranger);
    const taken = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', photo: theirs, location: PLACE } });
    expect(taken.statusCode).toBe(400);
  });
});
