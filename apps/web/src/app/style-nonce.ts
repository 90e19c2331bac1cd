import { setNonce } from 'get-nonce';

/**
 * The page's CSP nonce: the server writes a fresh one into every page it sends, and the CSP
 * refuses any `<style>` element created at run time without it. Empty under the dev server. At
 * build time (prerender.tsx) it is the placeholder the server replaces in each page it sends
 * (apps/web/vite.config.ts `html.cspNonce`), so the prerendered `<style>` elements carry the answer's nonce.
 */
export const styleNonce =
  typeof document === 'undefined' ? 'TIGHTLINES_CSP_NONCE' : (document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '');

export const getStyleNonce = () => styleNonce;

/** Gives the nonce to react-remove-scroll (Mantine's modals and drawers), which reads it from get-nonce. */
export function shareStyleNonce() {
  setNonce(styleNonce);
}
