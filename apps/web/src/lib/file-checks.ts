import { pictureTypes, resumeTypes, uploadLimits } from '@portal/contracts/files';
import { uploads } from '@portal/contracts/messages';

/** What a file must be before it is sent; the server checks again by its bytes. */
export type FileRule = {
  types: readonly string[];
  maxBytes: number;
  invalidType: string;
  tooLarge: string;
};

export const pictureRule: FileRule = {
  types: pictureTypes,
  maxBytes: uploadLimits.pictureMaxBytes,
  invalidType: uploads.pictureInvalid,
  tooLarge: uploads.pictureTooLarge,
};

export const resumeRule: FileRule = {
  types: resumeTypes,
  maxBytes: uploadLimits.resumeMaxBytes,
  invalidType: uploads.resumeInvalid,
  tooLarge: uploads.resumeTooLarge,
};

/** The message to show for a file that breaks the rule (wrong type first), or null when it passes. */
export function checkFile(file: File, rule: FileRule): string | null {
  if (!rule.types.includes(file.type)) return rule.invalidType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}
