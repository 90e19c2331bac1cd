import { setNonce } from 'get-nonce';

/**
 * The page's CSP nonce: the server writes a fresh one into every page it sends, and the CSP
 * refuses any `<style>` element created at run time without it. Empty under the dev server.
 */
export const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

export const getStyleNonce = () => styleNonce;

/** Gives the nonce to react-remove-scroll (Mantine's modals and drawers), which reads it from get-nonce. */
export function shareStyleNonce() {
  setNonce(styleNonce);
}
