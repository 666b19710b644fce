/**
 * Browser mode's session, shared by the host and the bridge. The launch URL
 * carries a single-use launch token; the bridge trades it (a POST, answered
 * in the body) for a session token it keeps in the tab's sessionStorage and
 * sends in a header on every call — nothing a browser would send by itself
 * to another port on 127.0.0.1, as it does with cookies. Product images,
 * which an <img> cannot send headers for, carry a separate images-only key.
 */
export const LAUNCH_PARAM = 'launch';
export const SESSION_HEADER = 'x-workbench-session';
export const SESSION_STORAGE_KEY = 'workbench.session';
export const IMAGE_KEY_STORAGE_KEY = 'workbench.imageKey';
export const IMAGE_KEY_PARAM = 'k';
/** A launch token not used within this time is void. */
export const LAUNCH_TTL_MS = 2 * 60 * 1000;

export interface SessionGrant {
  session: string;
  imageKey: string;
}
