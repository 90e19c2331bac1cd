import { createStore } from './store';

/**
 * A request for the sign-in modal (login and register, toggled), from a screen that needs a
 * member to go on (Register Today on an event). The app shell shows the modal; `then` runs once
 * the visitor has signed in or signed up.
 */
export type SignInRequest = { title: string; then: () => void };

export const signInRequest = createStore<SignInRequest | null>(null);

export const askToSignIn = (title: string, then: () => void) => signInRequest.set({ title, then });
