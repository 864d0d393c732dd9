/** The signup model (docs/requirements/auth.md#auth-signup) as the form keeps it between the steps, in sessionStorage. */
export interface SignupDraft {
  invitationCode: string;
  userName: string;
  userPhonetic: string;
  userNickname: string;
  externalAccountId: string;
  userEmailAddress: string;
  userEmailAddress2: string;
}

const KEY = 'hibi.signup.draft';

export const emptyDraft: SignupDraft = {
  invitationCode: '',
  userName: '',
  userPhonetic: '',
  userNickname: '',
  externalAccountId: '',
  userEmailAddress: '',
  userEmailAddress2: '',
};

export function loadDraft(): SignupDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SignupDraft>;
    const draft = { ...emptyDraft };
    for (const key of Object.keys(emptyDraft) as (keyof SignupDraft)[]) {
      if (typeof parsed[key] === 'string') draft[key] = parsed[key];
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(draft: SignupDraft) {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

export function clearDraft() {
  sessionStorage.removeItem(KEY);
}

/** Which step a screen may be entered from: carried in the history entry's state by the step before it. */
export type SignupStep = 'confirm' | 'complete';
export function stepOf(state: unknown): SignupStep | null {
  const step = state && typeof state === 'object' ? (state as { signupStep?: unknown }).signupStep : null;
  return step === 'confirm' || step === 'complete' ? step : null;
}
