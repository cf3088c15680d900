import { get } from 'react-hook-form';

/** The validation message react-hook-form holds for a field, by its dotted name. */
export function errorMessageAt(errors: object, name: string): string | undefined {
  const error: unknown = get(errors, name);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}
