// Days in the application's time zone: the contract's one definition, shared with the web app.

export { wallDay as wallDate } from '@promotor/contract/wall-clock';
