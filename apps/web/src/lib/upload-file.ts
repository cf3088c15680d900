import { type CallInput, type EndpointShape, type ResponseOf, urlOf } from '@portal/contracts/endpoint';
import { toasts } from '@portal/contracts/messages';
import { ApiError } from './api-client.ts';

type UploadOptions = {
  /** The multipart field the server reads the file from. */
  field: string;
  file: File;
  method?: 'POST' | 'PUT';
  /** Called with 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
};

/**
 * Uploads `file` to an endpoint whose body is one file (`upload: { field }` in the contracts), in
 * the field it names, resolving to the `message` of its answer.
 */
export function uploadTo<E extends EndpointShape & { upload: { field: string } }>(
  e: E,
  file: File,
  options: Pick<CallInput<E>, 'params'> & { onProgress?: (percent: number) => void },
): Promise<ResponseOf<E>> {
  const { onProgress, params } = options as { onProgress?: (percent: number) => void; params?: object };
  return uploadFile<ResponseOf<E>>(urlOf(e, { params: params as Record<string, unknown> | undefined }), {
    field: e.upload.field,
    file,
    method: e.method === 'PUT' ? 'PUT' : 'POST',
    ...(onProgress ? { onProgress } : {}),
  });
}

function messageOf(text: string): unknown {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one file as multipart/form-data and resolves to the `message` of the `{ message }` reply,
 * or rejects with an ApiError carrying the text to show, like `api` does. XMLHttpRequest rather than
 * fetch, because only it reports upload progress. No timeout: a large file on a slow link may
 * rightly take longer than the 10 s of an ordinary call.
 */
export function uploadFile<T = string>(
  url: string,
  { field, file, method = 'POST', onProgress }: UploadOptions,
) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    });
    xhr.addEventListener('load', () => {
      const message = messageOf(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(message as T);
        return;
      }
      const serverMessage = typeof message === 'string' && message !== '' ? message : undefined;
      reject(
        new ApiError(
          xhr.status,
          serverMessage ?? `Request failed with status code ${xhr.status}`,
          serverMessage,
        ),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, toasts.network)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, toasts.network)));

    const form = new FormData();
    form.append(field, file);
    onProgress?.(0);
    xhr.send(form);
  });
}
