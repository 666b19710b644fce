import { type BrowserWindow, dialog, safeStorage } from 'electron';
import type { Encryptor } from '../services/secrets';
import type { Dialogs } from '../services';

/** Electron's safeStorage behind the services' Encryptor interface. */
export const safeStorageEncryptor: Encryptor = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (cipher) => safeStorage.decryptString(cipher),
};

/** Native pickers, parented to the app window. */
export function nativeDialogs(getWindow: () => BrowserWindow | undefined): Dialogs {
  return {
    async choosePath(purpose) {
      const window = getWindow();
      const options: Electron.OpenDialogOptions =
        purpose === 'workspace-folder'
          ? { title: 'Workspace folder (requests, query sets, judgments, experiments)', properties: ['openDirectory', 'createDirectory'] }
          : purpose === 'suite-folder'
            ? { title: 'Regression suite folder (request files and query sets with expectations)', properties: ['openDirectory'] }
            : purpose === 'traffic-file'
              ? {
                  title: 'Traffic log to import (UBI, tracker activities or CSV)',
                  properties: ['openFile'],
                  filters: [{ name: 'Traffic logs', extensions: ['jsonl', 'ndjson', 'json', 'csv'] }],
                }
              : {
                  title: 'Extra CA certificate (PEM)',
                  properties: ['openFile'],
                  filters: [{ name: 'PEM certificates', extensions: ['pem', 'crt', 'cer'] }],
                };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
