import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { useSubmitMutation } from '../../../lib/submit-mutation';

const FILE_NAME = 'tightlines-solunar.ics';

export const getCalendar = (location: { name: string; lat: number; lng: number }) =>
  call(forecastApi.calendar, { body: { location, alertType: 'Lunar Event' } });

/** The next 30 days of solunar periods as an .ics file, saved by the browser. */
export const useDownloadCalendar = () =>
  useSubmitMutation({ mutationFn: getCalendar, onSuccess: (file) => saveFile(file, FILE_NAME) });
