// What app/ uses of the vouchers feature: the popup host and the background loading (with the
// header), and the one way in for both entry points (decision 058).
export { VoucherPopups } from './components/voucher-popups.tsx';
export { VouchersBackground } from './components/vouchers-background.tsx';
export { openVoucherPicker } from './voucher-popups-state.ts';
