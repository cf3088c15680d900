/** Upload limits of the spec, in bytes: a picture under 1,000,000, a resume at most 5,000,000. */
export const uploadLimits = { pictureMaxBytes: 999_999, resumeMaxBytes: 5_000_000 } as const;

export const pictureTypes = ['image/jpeg', 'image/png'] as const;
export const resumeTypes = ['application/pdf'] as const;

/** The multipart field each upload is sent in, as the spec names them. */
export const uploadFields = { picture: 'profilePicture', resume: 'resume' } as const;
