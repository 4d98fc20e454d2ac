import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { DualCameraPhase } from '../hooks/use-dual-camera.ts';

type CameraMessageProps = {
  problem: Extract<DualCameraPhase, { name: 'error' }>['problem'];
  onRetry: () => void;
  /** In place of the problem's own text (the single-shot camera's one photo). */
  text?: string;
};

/** What went wrong with the camera, in place of the preview; the header keeps the close button. */
export function CameraMessage({ problem, onRetry, text }: CameraMessageProps) {
  return (
    <div className="dual-camera__stage dual-camera__stage--message">
      <p className="dual-camera__message" role="alert">
        {text ?? pl.camera.problems[problem]}
      </p>
      {/* Without getUserMedia another try cannot help. */}
      {problem === 'unsupported' ? null : (
        <Button data-autofocus onClick={onRetry}>
          {pl.camera.tryAgain}
        </Button>
      )}
    </div>
  );
}
