import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';

/** A ZIP code or "city, state" as a place, through the forecast search (a member's search is saved, so it is remembered next time). */
export const findPlace = async (searchTerm: string) => (await call(forecastApi.forecast, { params: { searchTerm } })).location;
