/** What the survey needs from a single-shot camera modal; the route passes the real one (features do not import each other). */
export type SingleCameraProps = {
  open: boolean;
  /** The accepted photo, already compressed. */
  onAccept: (photo: Blob) => void;
  onClose: () => void;
};
