/** Two arrows around a camera: decorative, the button around it carries the name. */
export function SwitchCameraIcon() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" aria-hidden focusable={false}>
      <path
        d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M9 12.5a3 3 0 0 1 5.2-1.6M15 14.5a3 3 0 0 1-5.2 1.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M14.6 9.3v1.8h-1.8M9.4 17.7v-1.8h1.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
