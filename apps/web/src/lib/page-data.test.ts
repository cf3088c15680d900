import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { pageDataJson, readPageData, startFromPageData } from './page-data.ts';

const sentWith = (text: string) => {
  document.head.innerHTML = `<script type="application/json" id="page-data">${text}</script>`;
};
afterEach(() => {
  document.head.innerHTML = '';
});

describe('the data a page is sent with', () => {
  it('reads back what was written, `<` included', () => {
    const data = { timeZone: 'Asia/Kolkata', queries: { mutations: [], queries: [] }, note: '</script>' };
    sentWith(pageDataJson(data));
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(readPageData(document)).toEqual(data);
  });

  it('is none when the page came without any, or with something unreadable', () => {
    expect(readPageData(document)).toBeNull();
    for (const text of ['', 'not json', 'null', '{"timeZone":5,"queries":{}}', '{"timeZone":"UTC"}']) {
      sentWith(text);
      expect(readPageData(document), text).toBeNull();
    }
  });

  it('leaves the cache empty when there is none, and says so', () => {
    const queryClient = new QueryClient();
    expect(startFromPageData(document, queryClient)).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('fills the cache and says so when there is some', () => {
    const queryClient = new QueryClient();
    const source = new QueryClient();
    source.setQueryData(['students', 'me'], { name: 'Asha' });
    sentWith(pageDataJson({ timeZone: 'Asia/Kolkata', queries: dehydrate(source) }));
    expect(startFromPageData(document, queryClient)).toBe(true);
    expect(queryClient.getQueryData(['students', 'me'])).toEqual({ name: 'Asha' });
  });
});
