// Start-up stage 3 (see src/main.tsx): the stored state's atoms and their schemas (the member details), then a new
// task.
import '../../lib/storage/atoms.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
