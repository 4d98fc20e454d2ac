// The contract's one definition, shared with the web app (the audit log's days, issue 33).

export { instantOfWall } from '@promotor/contract/wall-clock';
