import { ADDRESS_LINE_MAX, ADDRESS_NAME_MAX, shippingAddressSchema, type ShippingAddress } from '@hibi/contract/functions/points';

/**
 * The shipping address form's values and its check with the contract's own schema (shippingAddressSchema): the same
 * rules the server applies, so the member sees each field's message before sending, and the address goes out
 * normalised (full-width digits and hyphens to ASCII, the postal code as 123-4567, the phone as digits). This module is
 * loaded with the application page only: it brings zod, which the first screen never carries (decision 005).
 */
export interface AddressValues {
  postalCode: string;
  /** The select's value: '' or 1..47. */
  prefecture: string;
  line1: string;
  line2: string;
  name: string;
  phone: string;
}

export type AddressField = keyof AddressValues;

export const EMPTY_ADDRESS: AddressValues = { postalCode: '', prefecture: '', line1: '', line2: '', name: '', phone: '' };

/** The message keys the form shows (points.json apply.fieldErrors.*), from the schema's `msg:` codes. */
const KNOWN = new Set(['postalCodeInvalid', 'phoneInvalid', 'prefectureInvalid', 'addressLineRequired', 'addressNameRequired', 'textSingleLine']);

/** The longest text a field takes (for the general message, and the inputs' maxLength). */
export const FIELD_MAX: Record<AddressField, number> = {
  postalCode: 20,
  prefecture: 2,
  line1: ADDRESS_LINE_MAX,
  line2: ADDRESS_LINE_MAX,
  name: ADDRESS_NAME_MAX,
  phone: 30,
};

export type FieldErrors = Partial<Record<AddressField, string>>;

/** The address checked: normalised, or each failing field's message key (`fieldErrors.<code>`, else `fieldErrors.invalid`). */
export function checkAddress(values: AddressValues): { address: ShippingAddress; errors: null } | { address: null; errors: FieldErrors } {
  const parsed = shippingAddressSchema.safeParse({
    postalCode: values.postalCode,
    prefecture: values.prefecture === '' ? 0 : Number(values.prefecture),
    line1: values.line1,
    ...(values.line2.trim() ? { line2: values.line2 } : {}),
    name: values.name,
    phone: values.phone,
  });
  if (parsed.success) return { address: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    if (errors[field]) continue;
    const code = issue.message.startsWith('msg:') ? issue.message.slice(4) : '';
    errors[field] = KNOWN.has(code) ? `apply.fieldErrors.${code}` : 'apply.fieldErrors.invalid';
  }
  return { address: null, errors };
}
