import { z } from 'zod';
import { expectSchema, envelopeSchemaWith } from '../request';
import { WORKSPACE_FORMATS } from './kinds';

/** A saved request in the workspace's `requests/`: its envelope (kind, transport, request) with a name. */
export const requestFileSchema = envelopeSchemaWith({
  format: z.literal(WORKSPACE_FORMATS.requests),
  version: z.literal(1),
  name: z.string().min(1).max(200),
  /** The profile that was active when it was saved, for whoever reads the file later. */
  profileName: z.string().optional(),
  savedAt: z.string(),
  /** Expectations on the answer (assertions), run as a regression suite. */
  expect: expectSchema.optional(),
});
export type RequestFile = z.output<typeof requestFileSchema>;
