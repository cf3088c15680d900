import dingbatsFontUrl from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import symbolFontUrl from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

// The worker is a file of our own origin, emitted by Vite: the CSP allows `worker-src 'self'`.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * With system fonts on (the browser default) pdf.js fetches only these two standard fonts, for
 * PDFs that use Symbol or ZapfDingbats without embedding them. They are bundled, so nothing is ever
 * fetched from another origin; any other name is refused and pdf.js falls back on its own.
 */
const bundledFonts: Record<string, string> = {
  'FoxitSymbol.pfb': symbolFontUrl,
  'FoxitDingbats.pfb': dingbatsFontUrl,
};

class BundledStandardFontDataFactory {
  async fetch({ filename }: { filename: string }): Promise<Uint8Array> {
    const url = bundledFonts[filename];
    if (!url) throw new Error(`The standard font ${filename} is not bundled.`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load the standard font ${filename}.`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * The CSP has no 'unsafe-eval', so pdf.js must not compile PostScript functions with `new Function`.
 * No cMapUrl or wasmUrl: CJK fonts that are not embedded, JPEG 2000 images and ICC profiles
 * degrade instead of fetching files from a CDN.
 */
const documentOptions = {
  isEvalSupported: false,
  StandardFontDataFactory: BundledStandardFontDataFactory,
};

/** The container's width, so the page fits a phone as well as a desktop. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Renders one page of the resume at a time, with previous/next when there are more. */
export default function ResumeViewer({ url }: { url: string }) {
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const { ref, width } = useWidth();

  return (
    <div ref={ref} className="w-full">
      <Document
        file={url}
        options={documentOptions}
        onLoadSuccess={({ numPages }) => {
          setPages(numPages);
          setPage(1);
        }}
        loading={
          <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600">
            <Spinner className="size-5 text-indigo-600" /> Loading resume...
          </p>
        }
        error={
          <p role="alert" className="py-16 text-center text-sm text-red-700">
            The resume could not be shown here. Open it in a new tab instead.
          </p>
        }
        className="flex justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      >
        {width !== null && (
          <Page
            pageNumber={page}
            width={Math.min(width - 2, 900)}
            className="shadow-sm"
            loading={<div className="h-96" />}
          />
        )}
      </Document>
      {pages > 1 && (
        <nav aria-label="Resume pages" className="mt-3 flex items-center justify-center gap-3">
          <Button variant="secondary" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            Previous page
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            Page {page} of {pages}
          </p>
          <Button variant="secondary" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
            Next page
          </Button>
        </nav>
      )}
    </div>
  );
}
