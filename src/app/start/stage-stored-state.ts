// Start-up stage 4 (see src/main.tsx): the stored state's atoms and their schemas, then a new task.
import '../../lib/storage/atoms.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
