// Issue 37: when her session ends — a logout, or a token the server refused — this phone's push
// subscription is dropped, so the next promoter on a shared phone gets none of hers. Registered with
// the store's session-end clean-ups (app/store-slices.ts), so it is in the entry chunk: no imports,
// a few lines (the login page's budget). The server learns it at her logout (push-subscription.ts) or
// from the push service's 404/410 at the next push.
export function forgetPushSubscription(): void {
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
