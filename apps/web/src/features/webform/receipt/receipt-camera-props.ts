/**
 * What the receipt needs from a single-shot camera modal; the route passes the real one (features do
 * not import each other): features/dual-camera's SingleCameraModal fits.
 */
export type ReceiptCameraProps = {
  open: boolean;
  /** The modal's title. */
  title: string;
  /** The ideal size asked of the camera. */
  videoSize: { width: number; height: number };
  /** The photo's exact size. */
  photoSize: { width: number; height: number };
  /** The accepted photo, a JPEG of photoSize. */
  onAccept: (photo: Blob) => void;
  onClose: () => void;
};
