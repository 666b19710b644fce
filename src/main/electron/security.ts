import { shell, type Session, type WebContents } from 'electron';
import { DEFAULT_EXTERNAL_HOSTS, isAllowedExternalUrl } from './external';

/** The one permission the app uses: writing text to the clipboard (copy buttons). Never reading it. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/** Every other permission (camera, notifications, clipboard-read…) is refused. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
  // Downloads are the app's own exports (blob: URLs it made, saved through the save dialog); nothing else.
  session.on('will-download', (event, item) => {
    if (!item.getURL().startsWith('blob:')) event.preventDefault();
  });
}

export function openExternalIfAllowed(url: string, allowedHosts: readonly string[] = DEFAULT_EXTERNAL_HOSTS): boolean {
  if (!isAllowedExternalUrl(url, allowedHosts)) return false;
  void shell.openExternal(url);
  return true;
}

/**
 * Applied to every web contents the app creates: no navigation away from the
 * app, no popups, no webviews. Allowed https links go to the system browser.
 */
export function hardenContents(contents: WebContents, allowedHosts: () => readonly string[] = () => DEFAULT_EXTERNAL_HOSTS): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternalIfAllowed(url, allowedHosts());
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfAllowed(url, allowedHosts());
    return { action: 'deny' };
  });
}
