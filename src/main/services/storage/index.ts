/** The front door of storage: what other capabilities may use. */
export {
  checkWriteTarget,
  exists,
  PRIVATE_DIR_MODE,
  removeStaleTemps,
  SHARED_FILE_MODE,
  writeFileAtomically,
  writeJsonAtomically,
  writePiecesAtomically,
} from './atomic';
export { JsonDocument } from './json-document';
export { InputFileError, MAX_INPUT_BYTES, openInputFile, readTextFile, streamTextFile, textOf } from './read-text';
