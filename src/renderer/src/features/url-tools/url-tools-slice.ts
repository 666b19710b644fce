import type { ProfileFields } from '@shared/profiles';
import type { ProfilesSlice } from '../profiles/state';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';

export interface UrlToolsSlice {
  /** The text in URL tools' box: kept while the user goes elsewhere (to add a storefront mapping) and comes back. */
  pasteText: string;
  setPasteText: (text: string) => void;
  /** A pasted URL waiting on a storefront mapping being added: when the profile is saved, URL tools reads it again. */
  pasteAwaitingMapping: string | null;
  /** Opens Profiles on the active profile with a mapping added for the pasted URL's host, to come back to the URL. */
  addMappingFor: (text: string, profileId: string, fields: Partial<ProfileFields>) => void;
  /** A profile was saved: back to the pasted URL (in URL tools), read through the mapping just added, ready to send. */
  backToPaste: () => void;
  /** The mapping was not added after all (the draft was dropped): nothing to come back to. */
  forgetPaste: () => void;
}

type Deps = Pick<ProfilesSlice, 'startProfile'> & Pick<ShellSlice, 'setArea'>;

export const createUrlToolsSlice: SliceCreator<UrlToolsSlice, Deps> = (set, get) => ({
  pasteText: '',
  setPasteText: (pasteText) => set({ pasteText }),
  pasteAwaitingMapping: null,
  addMappingFor: (text, profileId, fields) => {
    set({ pasteAwaitingMapping: text });
    get().startProfile(fields, profileId);
  },
  backToPaste: () => {
    const text = get().pasteAwaitingMapping;
    if (text === null) return;
    set({ pasteAwaitingMapping: null, pasteText: text });
    get().setArea('url-tools');
  },
  forgetPaste: () => set({ pasteAwaitingMapping: null }),
});
