/** The front door of click models in the main process: fitting on the traffic store. */
export { fitOnStore } from './fit';
export { ClickModelsService } from './service';
