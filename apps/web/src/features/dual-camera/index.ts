// The dual-camera capture modal (spec §2): import it only from lazily loaded pages, never the entry chunk.
export { DualCameraModal, type DualCameraModalProps, type DualCameraPhotos } from './components/dual-camera-modal.tsx';
export { SingleCameraModal, type SingleCameraModalProps } from './components/single-camera-modal.tsx';
