import { shell, type Session, type WebContents } from 'electron';
import { DEFAULT_EXTERNAL_HOSTS, isAllowedExternalUrl } from './external';

/** Every permission (camera, notifications, clipboard-read…) is refused: the app needs none. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
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
