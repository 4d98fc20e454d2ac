import { usePasswordHashingInTests } from '../lib/password.ts';

// Before each test file of the server (vitest.config.ts): passwords hashed at argon2id's smallest cost
// (lib/password.ts says why; issue 32: CI time). The server started by the end-to-end tests keeps the real one.
usePasswordHashingInTests('cheapest');
