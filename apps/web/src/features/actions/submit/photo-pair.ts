/** The front and rear photos the dual-camera modal hands over (spec §2 Dual-camera capture modal). */
export type PhotoPair = { front: Blob; rear: Blob; sameCamera: boolean };

/** What the forms need from the dual-camera modal; the route passes the real one (features do not import each other). */
export type CameraModalProps = {
  open: boolean;
  onAccept: (photos: PhotoPair) => void;
  onClose: () => void;
};
