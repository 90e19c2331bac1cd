/** The body of every 4xx/5xx answer: `error` is the sentence to show; `errors` names fields. */
export type ErrorBody = {
  error: string;
  errors?: Record<string, { type: string }>;
};
