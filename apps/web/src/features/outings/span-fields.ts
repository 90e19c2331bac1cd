import { useState } from 'react';

/** An outing's span as its forms type it: days 'YYYY-MM-DD' and times 'HH:mm' on the place's clock. */
export type SpanFields = { startDate: string | null; startTime: string; endDate: string | null; endTime: string };
export type SpanErrors = Partial<Record<keyof SpanFields, string>>;

/** A start needs its day and time; an end is optional but needs both. */
function checkSpan(f: SpanFields): SpanErrors {
  const errors: SpanErrors = {};
  if (!f.startDate) errors.startDate = 'Pick the day the outing started.';
  if (!f.startTime) errors.startTime = 'Enter the time it started.';
  if (f.endDate && !f.endTime) errors.endTime = 'Enter the time it ended, or clear the end date.';
  if (f.endTime && !f.endDate) errors.endDate = 'Pick the day it ended, or clear the end time.';
  return errors;
}

/** The span's fields and their errors; editing a field clears its error, `valid()` checks them all. */
export function useSpanFields(initial: () => SpanFields) {
  const [fields, setFields] = useState<SpanFields>(initial);
  const [errors, setErrors] = useState<SpanErrors>({});
  const set = <K extends keyof SpanFields>(key: K, value: SpanFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const valid = () => {
    const problems = checkSpan(fields);
    setErrors(problems);
    return Object.keys(problems).length === 0;
  };
  return { fields, errors, set, valid };
}
