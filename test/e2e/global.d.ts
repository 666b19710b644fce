import type { WorkbenchApi } from '../../src/shared/ipc/api';

declare global {
  interface Window {
    readonly workbench: WorkbenchApi;
  }
}
