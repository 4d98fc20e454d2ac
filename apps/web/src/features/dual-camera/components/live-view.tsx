import type { RefObject } from 'react';
import { classNames } from '../../../components/ui/class-names.ts';
import * as pl from '../../../i18n/pl.ts';
import type { Facing } from '../camera/camera-streams.ts';
import { SwitchCameraIcon } from './switch-camera-icon.tsx';

type LiveViewProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  phase: 'starting' | 'live' | 'capturing';
  mainFacing: Facing;
  onSwitch: () => void;
  onCapture: () => void;
  /** The single-shot camera names its one camera and its one photo. */
  single?: boolean;
};

export const facingLabel = (facing: Facing) => (facing === 'user' ? pl.camera.front : pl.camera.rear);

/** The live preview with the shutter and the switch between rear and front camera. */
export function LiveView({ videoRef, phase, mainFacing, onSwitch, onCapture, single = false }: LiveViewProps) {
  const busy = phase !== 'live';
  const capturing = single ? pl.camera.single.capturing : pl.camera.capturing;
  const facing = single ? pl.camera.single.camera(facingLabel(mainFacing)) : pl.camera.mainCamera(facingLabel(mainFacing));
  return (
    <>
      <div className="dual-camera__stage">
        <video
          ref={videoRef}
          className={classNames('dual-camera__video', mainFacing === 'user' && phase === 'live' && 'dual-camera__video--mirrored')}
          aria-label={pl.camera.preview}
          autoPlay
          muted
          playsInline
        />
        {busy ? (
          <p className="dual-camera__overlay" role="status">
            {phase === 'starting' ? pl.camera.starting : capturing}
          </p>
        ) : null}
      </div>
      <div className="dual-camera__controls">
        <p className="dual-camera__facing">{facing}</p>
        {/* aria-disabled, not disabled: the focused control must stay focusable while the camera works. */}
        <button type="button" className="dual-camera__switch" aria-label={pl.camera.switchCamera} aria-disabled={busy} onClick={onSwitch}>
          <SwitchCameraIcon />
        </button>
        <button
          type="button"
          className="dual-camera__shutter"
          aria-label={pl.camera.shutter}
          aria-disabled={busy}
          aria-busy={phase === 'capturing' || undefined}
          data-autofocus
          onClick={onCapture}
        />
      </div>
    </>
  );
}
