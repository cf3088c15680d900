import type { ScanResult } from '@portal/contracts/events';
import type { UseMutationResult } from '@tanstack/react-query';
import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

type Outcome = { ok: boolean; text: string };

/**
 * The door: the phone's camera reads students' codes (qr-scanner, in the browser) and each new one
 * is sent to the server through `scan` (the owner's or the coordinator's call), which records the
 * attendance once; a code can also be pasted.
 */
export function Scanner({
  scan,
}: {
  scan: Pick<UseMutationResult<ScanResult, Error, string>, 'mutate' | 'isPending'>;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pasted, setPasted] = useState('');
  // The camera reads a code many times a second while it is in view: each is sent once.
  const seen = useRef(new Set<string>());
  const send = (code: string) =>
    scan.mutate(code, {
      onSuccess: (result: ScanResult) => setOutcome({ ok: result.outcome === 'recorded', text: result.text }),
      onError: (error) => setOutcome({ ok: false, text: errorMessage(error) }),
    });
  // The scanner outlives renders; it calls the newest `send`.
  const sendLatest = useRef(send);
  useEffect(() => {
    sendLatest.current = send;
  });

  useEffect(() => {
    if (!running || !video.current) return;
    const scanner = new QrScanner(
      video.current,
      (result) => {
        if (seen.current.has(result.data)) return;
        seen.current.add(result.data);
        sendLatest.current(result.data);
      },
      {
        returnDetailedScanResult: true,
        maxScansPerSecond: 5,
      },
    );
    scanner.start().catch((error: unknown) => {
      setCameraError(
        `The camera could not start (${error instanceof Error ? error.message : String(error)}). Paste the code instead.`,
      );
      setRunning(false);
    });
    return () => {
      scanner.stop();
      scanner.destroy();
    };
  }, [running]);

  return (
    <Card>
      <h3 className="font-semibold text-slate-900">Scan attendance</h3>
      <p className="mt-1 text-sm text-slate-700">
        Point the camera at the student’s code. Codes last 30 seconds: a photo of someone else’s is refused.
      </p>
      <div className="mt-3 space-y-3">
        <Button
          variant={running ? 'secondary' : 'primary'}
          onClick={() => {
            setCameraError(null);
            setRunning((r) => !r);
          }}
        >
          {running ? 'Stop camera' : 'Start camera'}
        </Button>
        {/* The camera's picture: no sound, nothing to caption. */}
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera"
          className={
            running ? 'aspect-square w-full max-w-sm rounded-lg bg-slate-900 object-cover' : 'hidden'
          }
        />
        {cameraError && <p className="text-sm text-red-700">{cameraError}</p>}
        <div role="status" aria-live="polite" data-testid="scan-outcome">
          {outcome && (
            <p
              className={`rounded-lg border px-3 py-2 text-sm font-medium ${
                outcome.ok
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-800'
                  : 'border-amber-200 bg-amber-50 text-amber-900'
              }`}
            >
              {outcome.text}
            </p>
          )}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (pasted.trim()) send(pasted.trim());
          }}
        >
          <TextField
            className="min-w-0 flex-1"
            label="Or paste a code"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={scan.isPending}>
            Record
          </Button>
        </form>
      </div>
    </Card>
  );
}
