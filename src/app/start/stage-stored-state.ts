// Start-up stage 1 (see src/main.tsx): the stored state's atoms and their schemas (zod and the contract's pieces
// they use), then a new task.
import '../../lib/storage/atoms.ts';
import { yieldToMain } from './yield-to-main.ts';

await yieldToMain();
