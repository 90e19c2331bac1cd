import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import {
  LOG_CSV_HEADER_LINE,
  readLogCsvHeader,
  readLogCsvRecord,
  type LogCsvHeader,
  type LogCsvRecord,
} from '@tightlines/core/log-csv';
import type { ImportProblem, PhotoDrafts } from '@tightlines/core/api/transfer';
import { LOG_IN_FUTURE, logInput, NOT_A_REAL_DATE, type LogLunar, type LogView } from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import { logLunar } from '@tightlines/core/solunar/log-lunar';
import { isInFuture, localDateOf, resolveInstant } from '@tightlines/core/time';
import type { AccessService } from '../../access/access';
import type { Principal } from '../../access/principal';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import type { PlacesProvider } from '../../providers/places/places';
import { BULK_INDEX, ROWS_PER_INSERT, toBulkTuple, type BulkRow, type BulkTuple } from '../logs/bulk';
import { inputColumns } from '../logs/rows';
import type { LogsService } from '../logs/service';
import { bareLogPhoto, logPhotoOwner } from '../logs/photos';
import { readPhotoPlace } from './photo-place';

/** Rows per import file; a bigger history goes in several files. */
export const IMPORT_MAX_ROWS = 100_000;
/** 100,000 fully filled rows of an export take about 60 MB. */
export const IMPORT_MAX_BYTES = 128 * 1024 * 1024;
/** Problems listed in a refused import's answer; the count covers them all. */
export const LISTED_PROBLEMS = 20;
/** Imports running at once in this process (each holds a database connection for its transaction). */
export const CONCURRENT_IMPORTS = 2;
/** Checked batches that may wait for the insert before the upload is paused. */
const IMPORT_BATCHES_AHEAD = 2;
export const MAX_PHOTOS = 20;
export const NO_GPS = 'No GPS position in this photo.';
/** Imported rows without lunar data share one solunar day per cell of 1/20 degree. */
const LUNAR_CELLS_PER_DEGREE = 20;

/** One uploaded photo; `refused` is why it may not be used (the daily upload quota), when it may not. */
export type PhotoUpload = { filename: string; body: Buffer; tooLarge: boolean; refused?: string | undefined };

/** A refused import: nothing was saved; `rows` names the first problems, the message counts them all. */
export class ImportProblemsError extends HttpError {
  constructor(
    readonly count: number,
    readonly rows: ImportProblem[],
  ) {
    const listed = rows.map((p) => `row ${p.row}: ${p.message}`).join('; ');
    const more = count > rows.length ? `; and ${count - rows.length} more` : '';
    super(400, `There were problems in ${count} ${count === 1 ? 'row' : 'rows'}: ${listed}${more}. Nothing was imported.`);
  }

  override body() {
    return { error: this.message, rows: this.rows };
  }
}

/** Thrown by a photo source when more than MAX_PHOTOS files arrive. */
export class TooManyPhotosError extends Error {}

type Deps = {
  logs: LogsService;
  access: AccessService;
  places: PlacesProvider;
  now?: () => Date;
};

/**
 * Moving logs in and out: the CSV export (streamed from the database page by page), the CSV
 * import (all or nothing, streamed into one transaction in batches), and Draft logs made from geotagged photos.
 */
export class TransferService {
  private readonly now: () => Date;
  private readonly importing = new Set<string>();

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  // -----------------------------------------------------------------------------------------------
  // Export
  // -----------------------------------------------------------------------------------------------

  /** The header line, then every log in time order, one database page (and one chunk) at a time. */
  async *exportCsv(principal: Principal): AsyncGenerator<string> {
    yield LOG_CSV_HEADER_LINE;
    yield* this.deps.logs.exportCsvLines(principal);
  }

  // -----------------------------------------------------------------------------------------------
  // Import
  // -----------------------------------------------------------------------------------------------

  /** Import is for premium members (or everyone while FREEFORALL is on). */
  assertCanImport(principal: Principal): void {
    this.deps.access.assertPremium(principal, messages.importNeedsSubscription);
  }

  /**
   * Streams the file into one transaction: rows are checked as they are read and inserted a batch
   * at a time, so memory stays flat whatever the file's size. The first problem stops the inserts
   * (the rest of the file is still read, to count its problems) and the transaction is rolled back:
   * a file with a single problem saves nothing. The upload is written to a temporary file first:
   * the transaction must never wait on the client's network (on PGlite it holds the one database
   * every other request needs, so a slow or stalled upload would stop the whole server).
   */
  async importCsv(principal: Principal, file: { filename: string; stream: Readable & { truncated?: boolean } }): Promise<{ imported: number }> {
    const { stream } = file;
    try {
      this.assertCanImport(principal);
      if (!/\.csv$/i.test(file.filename)) {
        throw badRequest('Only .csv files can be imported. Save the spreadsheet as CSV (comma-separated, UTF-8) and upload that file.');
      }
      const userId = principal.userId;
      if (this.importing.has(userId)) throw conflict('An import of yours is still running. Please wait for it to finish.');
      if (this.importing.size >= CONCURRENT_IMPORTS) throw new HttpError(503, 'The server is busy with other imports. Please try again in a minute.');
      this.importing.add(userId);
      try {
        const spooled = await spool(stream);
        try {
          const parsed = this.parseCsv(userId, spooled.stream);
          const imported = await this.deps.logs.importBulk(principal, withLunar(parsed.batches), parsed.tags);
          return { imported };
        } finally {
          await spooled.remove();
        }
      } finally {
        this.importing.delete(userId);
      }
    } finally {
      // Whatever was not read (a refused file) is drained so the request can finish.
      if (!stream.readableEnded) stream.resume();
    }
  }

  /**
   * The file's checked rows in batches of up to ROWS_PER_INSERT. The upload is paused while
   * IMPORT_BATCHES_AHEAD batches wait for the insert, so a fast upload never piles up in memory.
   * A refused file ends the batches with its error.
   */
  private parseCsv(userId: string, stream: Readable & { truncated?: boolean }): { batches: Readable; tags: () => string[] } {
    const now = this.now();
    const tags = new Map<string, string>();
    const problems: ImportProblem[] = [];
    let problemCount = 0;
    let header: LogCsvHeader | null = null;
    let refusal: string | null = null;
    let row = 0;
    let dataRows = 0;
    let batch: ImportRow[] = [];

    const batches = new Readable({
      objectMode: true,
      highWaterMark: IMPORT_BATCHES_AHEAD,
      read: () => {
        if (stream.isPaused()) stream.resume();
      },
    });
    // A refusal can destroy the batches before the insert starts reading them (it first opens its
    // transaction); the reading still ends with that error, but an error event nobody listens to
    // would be thrown as an uncaught exception and end the process.
    batches.on('error', () => {});
    const send = () => {
      if (batch.length === 0) return;
      const full = batch;
      batch = [];
      if (!batches.push(full) && !batches.destroyed) stream.pause();
    };

    const problem = (message: string) => {
      problemCount += 1;
      if (problems.length < LISTED_PROBLEMS) problems.push({ row, message });
      // The file will be refused whole: rows not yet sent are no longer needed.
      batch = [];
    };

    const step = (fields: string[], errors: Papa.ParseError[]) => {
      row += 1;
      // Refused, or the insert gave up: the rest of the file is only drained.
      if (refusal || batches.destroyed) return;
      if (fields.length === 1 && fields[0]?.trim() === '') return; // a blank line
      if (!header) {
        const read = readLogCsvHeader(fields);
        if (read.ok) header = read.header;
        else refusal = read.message;
        return;
      }
      dataRows += 1;
      if (dataRows > IMPORT_MAX_ROWS) {
        refusal = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} logs. Please split it into smaller files.`;
        return;
      }
      const quoteError = errors.find((e) => e.type === 'Quotes');
      if (quoteError) return problem(`the quotes in this row do not pair up (${quoteError.message}).`);
      const read = readLogCsvRecord(fields, header);
      if (!read.ok) return problem(read.message);
      const built = this.toRow(userId, read.record, now);
      if (!built.ok) return problem(built.message);
      for (const tag of read.record.input.tags) {
        const key = tag.toLowerCase();
        if (!tags.has(key)) tags.set(key, tag);
      }
      if (problemCount > 0) return;
      batch.push(built.row);
      if (batch.length >= ROWS_PER_INSERT) send();
    };

    const refuse = (error: Error) => {
      batch = [];
      batches.destroy(error);
    };
    stream.setEncoding('utf8');
    Papa.parse<string[]>(stream, {
      delimiter: ',',
      step: (results) => step(results.data, results.errors),
      complete: () => {
        // The upload limit cut the file short: whatever its last rows say, that is the problem.
        if (stream.truncated) return refuse(new HttpError(413, `That file is too large. The limit is ${Math.round(IMPORT_MAX_BYTES / 1024 / 1024)} MB.`));
        if (refusal) return refuse(badRequest(refusal));
        if (!header) return refuse(badRequest('The file is empty. Its first row must name the columns (export your logs to see every column).'));
        if (problemCount > 0) return refuse(new ImportProblemsError(problemCount, problems));
        if (dataRows === 0) return refuse(badRequest('The file has a header row but no logs.'));
        send();
        batches.push(null);
      },
      error: (error: Error) => refuse(error),
    });
    return { batches, tags: () => [...tags.values()] };
  }

  /**
   * A checked record as the row the bulk insert sends: written as JSON at once (a compact string of
   * its own, holding on to nothing of the file's text), or, when the file has no lunar data for it,
   * as the values withLunar still completes.
   */
  private toRow(userId: string, record: LogCsvRecord, now: Date): { ok: true; row: ImportRow } | { ok: false; message: string } {
    const { input } = record;
    const { lat, lng } = input.location;
    let place: { timeZone: string; state: string | null } | null = null;
    const reverse = () => (place ??= this.deps.places.reverse(lat, lng));
    const timeZone = record.timeZone ?? reverse().timeZone;
    const occurredAt = resolveInstant(input.date, timeZone, now);
    if (Number.isNaN(occurredAt.getTime())) return { ok: false, message: `date: ${NOT_A_REAL_DATE}` };
    if (isInFuture(occurredAt, now)) return { ok: false, message: `date: ${LOG_IN_FUTURE}` };
    // A log shows only its own angler's uploads: a photo path of anyone else (another member's
    // export, a hand-edited file) is left out rather than shown on this member's log.
    const photo = input.photo ? bareLogPhoto(input.photo) : null;
    // Added to inputColumns' object rather than spread into a new one: a spread of that many
    // properties made an object V8 reads slowly, and cost more than the rest of a row's checks.
    const tuple = toBulkTuple(
      Object.assign(inputColumns(input), {
        photo: photo && logPhotoOwner(photo) === userId ? photo : null,
        userId,
        occurredAt,
        timeZone,
        state: input.location.state ?? reverse().state,
        weather: record.weather,
        lunar: record.lunar,
        moonPhase: record.lunar?.moonPhase ?? null,
        waterflow: record.waterflow,
        gaugeStation: record.station,
        gaugeSiteCode: record.siteCode,
        gaugeAgency: record.agency,
      }),
    );
    return { ok: true, row: record.lunar === null ? { tuple, lat, lng, occurredAt, timeZone } : JSON.stringify(tuple) };
  }

  // -----------------------------------------------------------------------------------------------
  // Drafts from photos
  // -----------------------------------------------------------------------------------------------

  /**
   * A Draft log for every photo that knows where it was taken, at that place and time, with the
   * photo (metadata stripped) as the log's photo. More than MAX_PHOTOS files: nothing is kept.
   */
  async draftsFromPhotos(principal: Principal, photos: AsyncIterable<PhotoUpload>, maxBytes: number): Promise<PhotoDrafts> {
    const result: PhotoDrafts = { created: [], skipped: [] };
    try {
      for await (const photo of photos) {
        if (photo.tooLarge) {
          result.skipped.push({ file: photo.filename, reason: `This photo is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` });
          continue;
        }
        if (photo.refused) {
          result.skipped.push({ file: photo.filename, reason: photo.refused });
          continue;
        }
        const made = await this.draftFromPhoto(principal, photo.body);
        if (typeof made === 'string') result.skipped.push({ file: photo.filename, reason: made });
        else result.created.push(made);
      }
    } catch (error) {
      if (!(error instanceof TooManyPhotosError)) throw error;
      await Promise.all(result.created.map((log) => this.deps.logs.delete(principal, log._id)));
      throw badRequest(`Send at most ${MAX_PHOTOS} photos at once. Nothing was created.`);
    }
    if (result.created.length === 0 && result.skipped.length === 0) throw badRequest('Please choose one or more photos.');
    return result;
  }

  /** The created draft, or why the photo was skipped. */
  private async draftFromPhoto(principal: Principal, body: Buffer): Promise<LogView | string> {
    const taken = await readPhotoPlace(body);
    if (!taken) return NO_GPS;
    const { lat, lng, date } = taken;
    if (date && isInFuture(resolveInstant(date, this.deps.places.reverse(lat, lng).timeZone, this.now()), this.now())) {
      return 'This photo is dated in the future; please check the camera clock.';
    }
    if (!(await this.deps.logs.allowance(principal)).allowed) return messages.allowanceExceeded;
    try {
      const { image } = await this.deps.logs.uploadPhoto(principal, body);
      const input = logInput.parse({ type: 'Draft', date, photo: image, privacy: 'private', location: { lat, lng } });
      return await this.deps.logs.create(principal, input);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return error.message;
      throw error;
    }
  }
}

const SPOOL_PREFIX = 'tightlines-import-';
/**
 * A spooled upload untouched this long belongs to no running import (one is written as it arrives
 * and removed when its import ends, within minutes), so the sweep may take it.
 */
export const STALE_SPOOL_MS = 6 * 3600_000;

/**
 * Removes spooled uploads a server left behind when it stopped mid-import (killed, or the machine
 * lost power), so each one does not keep up to IMPORT_MAX_BYTES of disk forever. Only stale ones:
 * other servers on this machine share the temporary directory and may be importing right now.
 * Answers how many were removed.
 */
export async function sweepImportSpools(now = Date.now(), tmp = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(tmp).catch(() => [])) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const dir = path.join(tmp, name);
    try {
      const stat = await fs.promises.stat(path.join(dir, 'upload.csv')).catch(() => fs.promises.stat(dir));
      if (now - stat.mtimeMs < STALE_SPOOL_MS) continue;
      await fs.promises.rm(dir, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone already (another server swept it) or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}

/** The whole upload in a temporary file (at most IMPORT_MAX_BYTES: the upload limit cuts it), read back as a stream. */
async function spool(upload: Readable & { truncated?: boolean }): Promise<{ stream: Readable & { truncated?: boolean }; remove: () => Promise<void> }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), SPOOL_PREFIX));
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload.csv');
  try {
    await pipeline(upload, fs.createWriteStream(file));
  } catch (error) {
    await remove();
    throw error;
  }
  return { stream: Object.assign(fs.createReadStream(file), { truncated: upload.truncated }), remove };
}

/** A parsed row: its JSON, or its values and what its lunar data is computed from. */
type ImportRow = BulkRow | { tuple: BulkTuple; lat: number; lng: number; occurredAt: Date; timeZone: string };

/**
 * The batches with lunar data for rows whose file had none, computed offline as a log's creation
 * does. One solunar day costs milliseconds, so it is computed once per local day at the centre of
 * each 0.05° cell (about 5 km; rise and set times there are within a minute of the log's own spot)
 * and shared by the rows in the cell, and the event loop is let go every 20 ms.
 */
async function* withLunar(batches: AsyncIterable<ImportRow[]>): AsyncGenerator<BulkRow[]> {
  const cache = new Map<string, LogLunar>();
  let slice = performance.now();
  for await (const batch of batches) {
    const rows: BulkRow[] = [];
    for (const row of batch) {
      if (typeof row === 'string') {
        rows.push(row);
        continue;
      }
      const lat = Math.round(row.lat * LUNAR_CELLS_PER_DEGREE) / LUNAR_CELLS_PER_DEGREE;
      const lng = Math.round(row.lng * LUNAR_CELLS_PER_DEGREE) / LUNAR_CELLS_PER_DEGREE;
      const key = `${lat},${lng},${row.timeZone},${localDateOf(row.occurredAt, row.timeZone)}`;
      let lunar = cache.get(key);
      if (!lunar) {
        lunar = logLunar(lat, lng, row.occurredAt, row.timeZone);
        cache.set(key, lunar);
      }
      row.tuple[BULK_INDEX.lunar] = lunar;
      row.tuple[BULK_INDEX.moon_phase] = lunar.moonPhase;
      rows.push(JSON.stringify(row.tuple));
      if (performance.now() - slice > 20) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    yield rows;
  }
}
