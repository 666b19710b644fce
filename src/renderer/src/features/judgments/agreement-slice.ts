import type { ListAgreementWithShoppers } from '@shared/judgments';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';
import type { RatingsSlice } from './ratings-slice';

/** How far a list's raters agree, and deciding their disagreements. */
export interface AgreementSlice {
  /** The agreement view of a judgment list: its file, and its figures. */
  agreementFile: string | null;
  agreement: CallState<ListAgreementWithShoppers & { disagreementCount: number }>;
  openAgreement: (file: string) => Promise<void>;
  closeAgreement: () => void;
  /** Decides a disagreement: a rating that settles the item (the raters' ratings stay). */
  adjudicate: (query: string, itemId: string, rating: number) => Promise<boolean>;
}

type Deps = Pick<RatingsSlice, 'rateItem' | 'ratingsSaved'>;

export const createAgreementSlice: SliceCreator<AgreementSlice, Deps> = (set, get) => {
  const agreementLens = lensAt(get, set, 'agreement');
  return {
    agreementFile: null,
    agreement: idleCall(),
    openAgreement: async (file) => {
      set({ agreementFile: file });
      await runCall(agreementLens, {
        scope: `agreement:${file}`,
        send: async () => {
          await get().ratingsSaved();
          return workbench().judgments.agreement({ file });
        },
        accept: (report) => (get().agreementFile === file ? report : null),
      });
    },
    closeAgreement: () => set({ agreementFile: null, agreement: idleCall() }),
    adjudicate: async (query, itemId, rating) => {
      const file = get().agreementFile;
      if (!file) return false;
      const ok = await get().rateItem(query, itemId, rating, file, 'adjudicate');
      if (ok) await get().openAgreement(file);
      return ok;
    },
  };
};
