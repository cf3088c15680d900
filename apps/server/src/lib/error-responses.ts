import { errorBody } from '@portal/contracts/common';

/** The failure replies any route may send, declared so they are validated and documented. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
} as const;
