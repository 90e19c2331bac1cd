import { createStore } from './store';

export type Alert = { kind: 'error' | 'success' | 'info'; title?: string; message: string };

/** The one alert dialog of the app shows whatever is last put here. */
export const alerts = createStore<Alert | null>(null);

export const showError = (message: string, title = 'Error') => alerts.set({ kind: 'error', title, message });
export const showSuccess = (message: string, title = 'Success') => alerts.set({ kind: 'success', title, message });
export const closeAlert = () => alerts.set(null);
