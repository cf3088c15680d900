import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAttendanceCode } from '../api/student-events.ts';

/**
 * The student's attendance code as a QR, drawn in the browser from the code the server signed. A
 * new code is fetched every 30 seconds (the code's life), so the picture changes with it.
 */
export function AttendanceQr({ id, title }: { id: string; title: string }) {
  const code = useAttendanceCode(id);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawFailed, setDrawFailed] = useState(false);
  const value = code.data?.code;
  useEffect(() => {
    if (!value || !canvas.current) return;
    QRCode.toCanvas(canvas.current, value, { width: 256, margin: 4, errorCorrectionLevel: 'M' }).catch(() =>
      setDrawFailed(true),
    );
  }, [value]);
  if (code.isPending) return <LoadingBlock />;
  if (code.isError)
    return (
      <ErrorBlock
        message={errorMessage(code.error)}
        onRetry={() => void code.refetch()}
        retrying={code.isRefetching}
      />
    );
  return (
    <figure className="mt-3 flex flex-col items-center gap-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Attendance code for ${title}`}
        data-testid="attendance-qr"
        data-code={value}
        className="h-64 w-64 max-w-full rounded-lg border border-slate-200 bg-white"
      />
      {drawFailed && (
        <p role="alert" className="text-sm text-red-700">
          This browser could not draw the code. Please open this page in another browser.
        </p>
      )}
      <figcaption className="text-center text-sm text-slate-700">
        Show this at the door. It changes every 30 seconds, so a copy of it stops working.
      </figcaption>
    </figure>
  );
}
