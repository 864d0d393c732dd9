import type { ConsoleSurvey, SurveyFormValues } from '@hibi/contract/console/surveys';
import type { QuestionType } from '@hibi/contract/functions/surveys';
import { fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface ChoiceForm {
  ja: string;
  en: string;
  /** The choice's image of an images question (a path under /media/ or an https URL). */
  image: string;
}

export interface ItemForm {
  type: QuestionType;
  question: { ja: string; en: string };
  required: boolean;
  choices: ChoiceForm[];
  /** Illustrations kept as they are (the builder does not edit them). */
  images: { url: string; alt: { ja: string; en: string | null } }[];
}

/** The editor's values: the payload's fields, with the window as Tokyo datetime-local texts and the audience as a radio. */
export interface SurveyForm {
  title: { ja: string; en: string };
  audience: 'all' | 'tenants';
  tenantIds: string[];
  contractOnly: boolean;
  fromDateTime: string;
  toDateTime: string;
  publish: 'draft' | 'publish';
  items: ItemForm[];
}

export const emptyChoice = (): ChoiceForm => ({ ja: '', en: '', image: '' });

export function emptyItem(type: QuestionType = 'select'): ItemForm {
  const takesChoices = type === 'select' || type === 'checkbox' || type === 'images';
  return { type, question: { ja: '', en: '' }, required: false, choices: takesChoices ? [emptyChoice(), emptyChoice()] : [], images: [] };
}

export function toForm(item: ConsoleSurvey | null, now = Date.now()): SurveyForm {
  if (!item) {
    return {
      title: { ja: '', en: '' },
      audience: 'all',
      tenantIds: [],
      contractOnly: false,
      fromDateTime: toTokyoInput(Math.ceil(now / 3_600_000) * 3_600_000),
      toDateTime: toTokyoInput(Math.ceil(now / 3_600_000) * 3_600_000 + 14 * DAY),
      publish: 'draft',
      items: [emptyItem('select')],
    };
  }
  return {
    title: { ja: item.title.ja, en: item.title.en ?? '' },
    audience: item.isGeneral ? 'all' : 'tenants',
    tenantIds: item.tenantIds.map(String),
    contractOnly: item.contractOnly,
    fromDateTime: toTokyoInput(item.fromDateTime),
    toDateTime: toTokyoInput(item.toDateTime),
    publish: item.draft ? 'draft' : 'publish',
    items: item.items.map((i) => ({
      type: i.type,
      question: { ja: i.question.ja, en: i.question.en ?? '' },
      required: i.required,
      choices: i.choices.map((c, n) => ({ ja: c.ja, en: c.en ?? '', image: i.choiceImages[n] ?? '' })),
      images: i.images,
    })),
  };
}

/** The payload of saveSurvey from the form (the contract's schema checks it next); NaN times fail that check. */
export function toPayload(values: SurveyForm, id: number | undefined): SurveyFormValues {
  return {
    ...(id === undefined ? {} : { id }),
    title: values.title,
    isGeneral: values.audience === 'all',
    tenantIds: values.audience === 'all' ? [] : values.tenantIds.map(Number),
    contractOnly: values.contractOnly,
    fromDateTime: fromTokyoInput(values.fromDateTime) ?? Number.NaN,
    toDateTime: fromTokyoInput(values.toDateTime) ?? Number.NaN,
    draft: values.publish === 'draft',
    items: values.items.map((i) => ({
      type: i.type,
      question: i.question,
      required: i.type === 'comment' ? false : i.required,
      choices: i.choices.map((c) => ({ ja: c.ja, en: c.en })),
      choiceImages: i.type === 'images' ? i.choices.map((c) => c.image) : [],
      images: i.images,
    })),
  };
}
