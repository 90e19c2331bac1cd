import { createStore } from './store';

/**
 * The log shown in the log modal, or null. Any screen opens it (the data page's list and map, an
 * outing's timeline); the app shell draws the one modal.
 */
export const shownLog = createStore<string | null>(null);

export const showLog = (id: string) => shownLog.set(id);
export const closeLog = () => shownLog.set(null);
